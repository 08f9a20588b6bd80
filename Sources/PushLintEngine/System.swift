#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

func sysconfActiveProcessors() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
