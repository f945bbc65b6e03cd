# syntax=docker/dockerfile:1
# One image for every role: `kuppet controller` (Deployment) and
# `kuppet agent` (DaemonSet, run as root), see charts/kuppet.
#
#   docker build -t ghcr.io/kuppet/kuppet:0.1.0 .

# --- build -----------------------------------------------------------------
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY . .
# The registry and target caches survive between builds (BuildKit).
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin kuppet \
 && cp target/release/kuppet /kuppet \
 && strip /kuppet

# --- run -------------------------------------------------------------------
# glibc and CA certificates, nothing else: no shell, no package manager.
FROM gcr.io/distroless/cc-debian12
COPY --from=build /kuppet /usr/local/bin/kuppet
# The controller runs as this unprivileged user; the agent's pod runs as root
# (it manages the host mounted at /host).
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/kuppet"]
CMD ["--help"]
