#!/usr/bin/env bash
# Issue 15: the kuppet image, built without a daemon by image/build.sh from the
# binary under test: reproducible (two builds, one digest), a well-formed OCI
# layout (every digest and size checks out), only what the binary needs (no
# shell), the chart's default image reference, and the same USER, ENTRYPOINT,
# CMD and PATH as the Dockerfile. As root, the binary starts from the image's
# own root filesystem.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

d1=$("$REPO_DIR/image/build.sh" --out "$work/a" "$KUPPET_BIN" 2>"$work/build.log") || fail "image/build.sh: $(cat "$work/build.log")"
d2=$(SOURCE_DATE_EPOCH=0 "$REPO_DIR/image/build.sh" --out "$work/b" "$KUPPET_BIN" 2>/dev/null)
assert_eq "$d1" "$d2" "the digests of two builds of one binary"
cmp -s "$work/a/kuppet.oci.tar" "$work/b/kuppet.oci.tar" || fail "the two archives differ"
log "ok: reproducible: $d1 ($(stat -c %s "$work/a/kuppet.oci.tar") bytes)"

# The layout: index -> manifest -> config and layer, each blob named by its digest.
oci=$work/a/kuppet.oci
for blob in "$oci"/blobs/sha256/*; do
    assert_eq "$(basename "$blob")" "$(sha256sum "$blob" | cut -d' ' -f1)" "blob digest"
done
index=$(cat "$oci/index.json")
version=$(awk -F'"' '/^appVersion:/ {print $2}' "$REPO_DIR/charts/kuppet/Chart.yaml")
assert_contains "$index" "\"io.containerd.image.name\":\"ghcr.io/kuppet/kuppet:$version\"" "the default reference is the chart's image"
assert_contains "$index" "\"digest\":\"$d1\"" "the index names the manifest"
manifest=$(cat "$oci/blobs/sha256/${d1#sha256:}")
field() { sed -n "s/.*\"$2\":\"\\{0,1\\}\\([^\",}]*\\).*/\\1/p" <<<"$1" | head -n 1; }
config_digest=$(grep -o '"config":{[^}]*}' <<<"$manifest" | sed 's/.*"digest":"sha256:\([0-9a-f]*\)".*/\1/')
layer_digest=$(grep -o '"layers":\[{[^}]*}' <<<"$manifest" | sed 's/.*"digest":"sha256:\([0-9a-f]*\)".*/\1/')
layer_size=$(grep -o '"layers":\[{[^}]*}' <<<"$manifest" | sed 's/.*"size":\([0-9]*\).*/\1/')
assert_eq "$layer_size" "$(stat -c %s "$oci/blobs/sha256/$layer_digest")" "the layer's size"
config=$(cat "$oci/blobs/sha256/$config_digest")
gunzip -c "$oci/blobs/sha256/$layer_digest" >"$work/layer.tar"
assert_contains "$config" "\"diff_ids\":[\"sha256:$(sha256sum "$work/layer.tar" | cut -d' ' -f1)\"]" "the config's diff_id"

# What is inside: the binary, its libraries, certificates, passwd and group.
files=$(tar -tf "$work/layer.tar" | grep -v '/$' | sort)
log "the image's files:"$'\n'"$files"
for f in ./usr/local/bin/kuppet ./etc/passwd ./etc/group ./etc/ssl/certs/ca-certificates.crt; do
    grep -qx "$f" <<<"$files" || fail "$f is not in the image"
done
! grep -qE '^\./(usr/)?s?bin/(sh|bash|busybox)$' <<<"$files" || fail "the image has a shell"
measure "kuppet image, compressed (gzip layer)" "$(mib "$layer_size")" " MiB"
measure "kuppet image, unpacked" "$(mib "$(stat -c %s "$work/layer.tar")")" " MiB"

# The Dockerfile says the same.
dockerfile=$REPO_DIR/Dockerfile
user=$(awk '$1 == "USER" {print $2}' "$dockerfile" | tail -n 1)
assert_eq "$user" "$(field "$config" User)" "USER (Dockerfile) and the image's user"
entrypoint=$(awk '$1 == "ENTRYPOINT" {$1 = ""; sub(/^ /, ""); print}' "$dockerfile" | tail -n 1 | tr -d ' ')
cmd=$(awk '$1 == "CMD" {$1 = ""; sub(/^ /, ""); print}' "$dockerfile" | tail -n 1 | tr -d ' ')
assert_contains "$config" "\"Entrypoint\":$entrypoint" "ENTRYPOINT (Dockerfile) and the image's"
assert_contains "$config" "\"Cmd\":$cmd" "CMD (Dockerfile) and the image's"
path=$(grep -o '^ENV PATH=[^ ]*' "$dockerfile" | cut -d= -f2)
assert_contains "$config" "\"PATH=$path\"" "PATH (Dockerfile) and the image's"
grep -q '^RUN image/build.sh rootfs ' "$dockerfile" || fail "the Dockerfile does not take its root filesystem from image/build.sh rootfs"
grep -q '^COPY --from=build /rootfs /$' "$dockerfile" || fail "the Dockerfile does not copy that root filesystem"
log "ok: the Dockerfile describes the same image"

# It runs from its own files (as root: chroot), as the image's user.
if [[ $(id -u) == 0 ]]; then
    mkdir -p "$work/rootfs"
    tar -xf "$work/layer.tar" -C "$work/rootfs"
    assert_eq "$(kuppet --version)" "$(chroot --userspec=65532:65532 "$work/rootfs" /usr/local/bin/kuppet --version)" \
        "kuppet --version from the image's root filesystem"
    log "ok: the binary starts from the image's root filesystem"
fi
