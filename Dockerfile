# syntax=docker/dockerfile:1
# One image for every role: `kuppet controller` (Deployment) and
# `kuppet agent` (DaemonSet, run as root), see charts/kuppet.
#
#   docker build -t ghcr.io/kuppet/kuppet:0.1.0 .
#
# The same image without a container engine, from a binary built on the
# machine: `image/build.sh target/release/kuppet` (an OCI layout to push with
# skopeo or crane; see docs/kubernetes.md). Both take the root filesystem from
# `image/build.sh rootfs` and set the same USER, ENTRYPOINT and CMD.

# --- build -----------------------------------------------------------------
FROM rust:1.95-slim-bookworm AS build
# libaugeas (the augeas type, through raugeas: bindgen needs libclang),
# Debian's lenses, and Ruby 3.1 (the embedded Ruby of modules' functions).
RUN apt-get update \
 && apt-get install -y --no-install-recommends libaugeas-dev augeas-lenses libclang-dev pkg-config ruby-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The registry and target caches survive between builds (BuildKit).
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin kuppet \
 && cp target/release/kuppet /kuppet
# The stripped binary, the libraries it links (glibc, libgcc_s, libaugeas and its own), CA
# certificates, augeas's lenses, root and nonroot (65532) in /etc/passwd, /tmp: nothing else.
RUN image/build.sh rootfs /kuppet /rootfs

# --- run -------------------------------------------------------------------
# No shell, no package manager.
FROM scratch
COPY --from=build /rootfs /
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt
# The controller runs as this unprivileged user; the agent's pod runs as root
# (it manages the host mounted at /host).
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/kuppet"]
CMD ["--help"]
