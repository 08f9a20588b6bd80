#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func sysconfActiveProcessors() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
