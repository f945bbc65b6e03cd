#!/usr/bin/env bash
# image/build.sh: the kuppet container image, built without a daemon (no
# Docker, no buildah): a reproducible OCI image layout from a kuppet binary.
#
#   image/build.sh [--ref REF] [--out DIR] BINARY
#       the image of BINARY (normally target/release/kuppet): DIR/kuppet.oci/
#       (an OCI image layout) and DIR/kuppet.oci.tar (the same as one tar:
#       `ctr images import`, `podman load`, `skopeo copy oci-archive:...`).
#       REF defaults to the chart's image (ghcr.io/kuppet/kuppet:APPVERSION),
#       DIR to target/image. Prints the manifest digest on stdout.
#   image/build.sh rootfs BINARY DIR
#       only the image's root filesystem, into DIR (the Dockerfile runs this)
#   image/build.sh layout ROOTFS REF OUT ENTRYPOINT_JSON [CMD_JSON [USER]]
#       any directory as a one-layer image (e2e/node.sh builds the pause image)
#
# The image holds the stripped binary, the shared libraries it links (what
# `ldd` lists, the loader included), CA certificates, /etc/passwd and
# /etc/group with root and nonroot (65532), and an empty /tmp: nothing else,
# no shell. It runs as 65532:65532 (the controller); the agent's pod sets
# runAsUser 0. The Dockerfile builds the same image: it runs `rootfs` and
# copies the result onto `scratch` with the same USER, ENTRYPOINT and CMD.
#
# Reproducible: the same binary and libraries give the same digests (files
# sorted, owned by 0:0, mtime SOURCE_DATE_EPOCH (default 0), modes set here,
# gzip without name or time). Push it with any OCI tool, e.g.
#   skopeo copy oci:target/image/kuppet.oci docker://REGISTRY/kuppet:0.1.0
#   crane push target/image/kuppet.oci REGISTRY/kuppet:0.1.0
#   podman load -i target/image/kuppet.oci.tar && podman push ...
# Needs bash, coreutils, tar, gzip, sha256sum, ldd and strip (binutils).
set -euo pipefail

REPO_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
EPOCH=${SOURCE_DATE_EPOCH:-0}

die() {
    echo "image/build.sh: $*" >&2
    exit 1
}

usage() {
    sed -n '2,/^set -euo/s/^# \{0,1\}//p' "$0" | sed '$d' >&2
    exit 2
}

# The image's user, entry point and command; the Dockerfile says the same
# (e2e scenario 20 checks that they agree).
IMAGE_USER=65532:65532
IMAGE_ENTRYPOINT='["/usr/local/bin/kuppet"]'
IMAGE_CMD='["--help"]'

go_arch() {
    case $(uname -m) in
    x86_64) echo amd64 ;;
    aarch64) echo arm64 ;;
    *) uname -m ;;
    esac
}

# chart_ref: the image the chart's defaults name (values.yaml, appVersion).
chart_ref() {
    local repo version
    repo=$(awk '/^image:/ {i = 1; next} i && /^[^ ]/ {i = 0} i && $1 == "repository:" {print $2; exit}' \
        "$REPO_DIR/charts/kuppet/values.yaml")
    version=$(awk -F'"' '/^appVersion:/ {print $2}' "$REPO_DIR/charts/kuppet/Chart.yaml")
    [[ -n $repo && -n $version ]] || die "could not read the image from charts/kuppet/values.yaml and Chart.yaml"
    echo "$repo:$version"
}

# rootfs BINARY DIR: what the image contains.
rootfs() {
    local bin=$1 dir=$2 lib libs
    [[ -f $bin && -x $bin ]] || die "$bin is not an executable (build it: cargo build --release)"
    command -v strip >/dev/null || die "strip is missing (Debian: apt-get install binutils)"
    rm -rf "$dir"
    mkdir -p "$dir/usr/local/bin" "$dir/etc/ssl/certs" "$dir/tmp"
    strip -o "$dir/usr/local/bin/kuppet" "$bin"
    chmod 0755 "$dir/usr/local/bin/kuppet"
    # Every library the loader maps, at the path it maps it from, and the
    # loader itself. A static binary lists none.
    libs=$(ldd "$bin" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}' | sort -u) || true
    for lib in $libs; do
        mkdir -p "$dir$(dirname "$lib")"
        cp -L "$lib" "$dir$lib"
        chmod 0755 "$dir$lib"
    done
    # A binary with the embedded Ruby (modules' Ruby functions) needs Ruby's
    # standard library beside libruby.
    if ldd "$bin" 2>/dev/null | grep -q libruby; then
        for rubydir in /usr/lib/ruby/3.1.0 /usr/lib/x86_64-linux-gnu/ruby/3.1.0; do
            [[ -d $rubydir ]] || continue
            mkdir -p "$dir$(dirname "$rubydir")"
            cp -r "$rubydir" "$dir$rubydir"
        done
    fi
    # The augeas type compiles its lenses in the agent's own filesystem,
    # before it enters the managed root.
    if [[ -d /usr/share/augeas/lenses ]]; then
        mkdir -p "$dir/usr/share/augeas"
        cp -r /usr/share/augeas/lenses "$dir/usr/share/augeas/lenses"
    fi
    local ca=/etc/ssl/certs/ca-certificates.crt
    [[ -f $ca ]] || die "$ca is missing (Debian: apt-get install ca-certificates)"
    cp "$ca" "$dir/etc/ssl/certs/ca-certificates.crt"
    printf 'root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n' >"$dir/etc/passwd"
    printf 'root:x:0:\nnonroot:x:65532:\n' >"$dir/etc/group"
    chmod 0644 "$dir/etc/passwd" "$dir/etc/group" "$dir/etc/ssl/certs/ca-certificates.crt"
    find "$dir" -type d -exec chmod 0755 {} +
    chmod 1777 "$dir/tmp"
}

# blob DIR: store stdin as a blob of the layout DIR; print "DIGEST SIZE".
blob() {
    local d=$1 tmp dig size
    tmp=$(mktemp "$d/blob.XXXXXX")
    cat >"$tmp"
    dig=$(sha256sum "$tmp" | cut -d' ' -f1)
    size=$(stat -c %s "$tmp")
    chmod 0644 "$tmp"
    mv "$tmp" "$d/blobs/sha256/$dig"
    echo "$dig $size"
}

# layout ROOTFS REF OUT ENTRYPOINT_JSON [CMD_JSON [USER]]: OUT.oci/ and
# OUT.oci.tar, one gzip layer. Prints the manifest digest.
layout() {
    local rootfs=$1 ref=$2 out=$3 entrypoint=$4 cmd=${5:-null} user=${6:-}
    local d=$out.oci arch
    arch=$(go_arch)
    [[ -d $rootfs ]] || die "$rootfs is not a directory"
    rm -rf "$d" "$out.oci.tar"
    mkdir -p "$d/blobs/sha256"
    local tar_opts=(--sort=name --owner=0 --group=0 --numeric-owner --mtime="@$EPOCH" --format=gnu)
    local diff_id ldig lsize
    tar "${tar_opts[@]}" -C "$rootfs" -cf "$d/layer.tar" .
    diff_id=$(sha256sum "$d/layer.tar" | cut -d' ' -f1)
    read -r ldig lsize < <(gzip -n -c "$d/layer.tar" | blob "$d")
    rm -f "$d/layer.tar"
    local cmd_field=""
    [[ $cmd != null ]] && cmd_field=",\"Cmd\":$cmd"
    local cdig csize mdig msize created
    created=$(date -u -d "@$EPOCH" +%Y-%m-%dT%H:%M:%SZ)
    read -r cdig csize < <(printf '{"created":"%s","architecture":"%s","os":"linux","config":{"User":"%s","Env":["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin","SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt"],"Entrypoint":%s%s,"WorkingDir":"/"},"rootfs":{"type":"layers","diff_ids":["sha256:%s"]},"history":[{"created":"%s","created_by":"image/build.sh"}]}' \
        "$created" "$arch" "$user" "$entrypoint" "$cmd_field" "$diff_id" "$created" | blob "$d")
    read -r mdig msize < <(printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"sha256:%s","size":%s},"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar+gzip","digest":"sha256:%s","size":%s}]}' \
        "$cdig" "$csize" "$ldig" "$lsize" | blob "$d")
    # io.containerd.image.name: the name `ctr images import` gives it;
    # org.opencontainers.image.ref.name: the tag `skopeo copy oci:DIR` finds.
    printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.index.v1+json","manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:%s","size":%s,"platform":{"architecture":"%s","os":"linux"},"annotations":{"io.containerd.image.name":"%s","org.opencontainers.image.ref.name":"%s"}}]}\n' \
        "$mdig" "$msize" "$arch" "$ref" "${ref##*:}" >"$d/index.json"
    printf '{"imageLayoutVersion":"1.0.0"}\n' >"$d/oci-layout"
    tar "${tar_opts[@]}" -C "$d" -cf "$out.oci.tar" oci-layout index.json blobs
    echo "image/build.sh: $ref: $d ($(du -sh "$d" | cut -f1); layer $lsize bytes gzip, $(du -sh --apparent-size "$rootfs" | cut -f1) unpacked) manifest sha256:$mdig" >&2
    echo "sha256:$mdig"
}

# image BINARY REF OUT: rootfs + layout, after checking that the binary runs
# from its own root filesystem (as root: chroot).
image() {
    local bin=$1 ref=$2 out=$3 work
    mkdir -p "$(dirname "$out")"
    work=$(mktemp -d "$(dirname "$out")/rootfs.XXXXXX")
    # shellcheck disable=SC2064 # expand now
    trap "rm -rf '$work'" EXIT
    rootfs "$bin" "$work/rootfs"
    if [[ $(id -u) == 0 ]] && command -v chroot >/dev/null; then
        chroot --userspec=65532:65532 "$work/rootfs" /usr/local/bin/kuppet --version >/dev/null ||
            die "the image's binary does not start from the image's root filesystem (a library missing?)"
    fi
    layout "$work/rootfs" "$ref" "$out" "$IMAGE_ENTRYPOINT" "$IMAGE_CMD" "$IMAGE_USER"
}

case ${1:-} in
rootfs)
    (($# == 3)) || usage
    rootfs "$2" "$3"
    ;;
layout)
    (($# >= 5 && $# <= 7)) || usage
    shift
    layout "$@"
    ;;
config)
    # The USER, ENTRYPOINT and CMD the image gets, one per line.
    printf '%s\n%s\n%s\n' "$IMAGE_USER" "$IMAGE_ENTRYPOINT" "$IMAGE_CMD"
    ;;
"" | -h | --help) usage ;;
*)
    ref="" out=$REPO_DIR/target/image
    while (($#)); do
        case $1 in
        --ref) ref=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        -*) usage ;;
        *) break ;;
        esac
    done
    (($# == 1)) || usage
    [[ -n $ref ]] || ref=$(chart_ref)
    image "$1" "$ref" "$out/kuppet"
    ;;
esac
