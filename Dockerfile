# syntax=docker/dockerfile:1
# One image for every role: `kuppet controller` (Deployment) and
# `kuppet agent` (DaemonSet, run as root), see charts/kuppet.
#
#   docker build -t ghcr.io/kuppet/kuppet:0.1.0 .

# --- build -----------------------------------------------------------------
FROM rust:1.95-slim-bookworm AS build
# libaugeas (the augeas type, through raugeas: bindgen needs libclang) and
# Debian's lenses.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libaugeas-dev augeas-lenses libclang-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The registry and target caches survive between builds (BuildKit).
# The shared libraries kuppet needs beyond glibc and libstdc++ (libaugeas
# and its own) go to /rt/usr/local/lib/kuppet, the lenses to /rt/usr/share.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin kuppet \
 && cp target/release/kuppet /kuppet \
 && strip /kuppet \
 && mkdir -p /rt/usr/local/lib/kuppet /rt/usr/share \
 && ldd /kuppet | awk '$3 ~ /^\// {print $3}' \
    | grep -Ev '/(libc|libm|libgcc_s|libstdc\+\+|ld-linux[^/]*)\.so' \
    | xargs -r cp -L -t /rt/usr/local/lib/kuppet \
 && cp -r /usr/share/augeas /rt/usr/share/augeas

# --- run -------------------------------------------------------------------
# glibc, CA certificates, libaugeas with its lenses, nothing else: no shell,
# no package manager.
FROM gcr.io/distroless/cc-debian12
COPY --from=build /kuppet /usr/local/bin/kuppet
COPY --from=build /rt/ /
ENV LD_LIBRARY_PATH=/usr/local/lib/kuppet
# The controller runs as this unprivileged user; the agent's pod runs as root
# (it manages the host mounted at /host).
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/kuppet"]
CMD ["--help"]
