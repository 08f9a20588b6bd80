# pushlint in a container: the static Linux binary (Swift static Linux SDK, musl, no dependencies) on Alpine, run
# as a non-root user. `docker run --rm -v "$PWD:/work" ghcr.io/pushlint/pushlint lint push` lints ./push; in CI
# (GitLab, Jenkins) the image runs the job's shell with pushlint on PATH (README "CI").
#
# The build stage runs on the build machine's architecture and cross-compiles for the target one (buildx
# --platform linux/amd64,linux/arm64), so no emulation is needed. The SDK must match the compiler: image, URL and
# checksum change together (.github/workflows/release.yml has the same values; the checksum is swift.org's).

ARG SWIFT_IMAGE=swift:6.0.3-noble

FROM --platform=$BUILDPLATFORM ${SWIFT_IMAGE} AS build
ARG STATIC_SDK_URL=https://download.swift.org/swift-6.0.3-release/static-sdk/swift-6.0.3-RELEASE/swift-6.0.3-RELEASE_static-linux-0.0.1.artifactbundle.tar.gz
ARG STATIC_SDK_CHECKSUM=67f765e0030e661a7450f7e4877cfe008db4f57f177d5a08a6e26fd661cdd0bd
RUN swift sdk install "$STATIC_SDK_URL" --checksum "$STATIC_SDK_CHECKSUM"
WORKDIR /src
COPY . .
ARG TARGETARCH
RUN case "${TARGETARCH:-amd64}" in \
      amd64) arch=x86_64 ;; \
      arm64) arch=aarch64 ;; \
      *) echo "unsupported architecture: $TARGETARCH" >&2; exit 1 ;; \
    esac \
    && swift build -c release --product pushlint --swift-sdk "$arch-swift-linux-musl" \
    && install -D -m 0755 ".build/$arch-swift-linux-musl/release/pushlint" /out/pushlint

FROM alpine:3.22
LABEL org.opencontainers.image.title="pushlint" \
      org.opencontainers.image.description="Linter and contract validator for push-notification payloads (APNs, FCM HTTP v1, Expo)" \
      org.opencontainers.image.source="https://github.com/pushlint/pushlint"
RUN addgroup -S -g 10001 pushlint \
    && adduser -S -D -H -u 10001 -G pushlint -s /sbin/nologin pushlint
COPY --from=build /out/pushlint /usr/local/bin/pushlint
# The user pushlint, by number: a host or Kubernetes can check it is not root.
USER 10001:10001
WORKDIR /work
ENTRYPOINT ["pushlint"]
CMD ["lint", "."]
