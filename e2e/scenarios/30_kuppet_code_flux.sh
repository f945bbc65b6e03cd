#!/usr/bin/env bash
# Issue 12: a Manifest's code from a Flux source (spec.code.sourceRef), read
# as Flux's kustomize-controller reads it. Flux's own CRDs (from
# source-controller's Go module) are installed; this scenario plays
# source-controller's part: it serves the artifact tarball over HTTP and
# writes the GitRepository's status.artifact (url, digest, revision) as
# source-controller does. Checks: no artifact yet -> SourceNotReady; an
# artifact -> the nodes converge and their NodeCatalogs carry Flux's
# revision; a new revision is followed; a status whose digest does not match
# the tarball -> DigestMismatch and the nodes stay on the last good catalog;
# a missing source -> SourceNotFound.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply

FLUX_SOURCE_CONTROLLER=${FLUX_SOURCE_CONTROLLER:-v1.7.2}
NODES=(e2e-flux-web e2e-flux-db)
has_revision() { [[ $(k get nodecatalog "$1" -o jsonpath='{.spec.sources[?(@.name=="flux-site")].revision}') == "$2" ]]; }
ready_reason() {
    [[ $(k get manifest flux-site -n default -o jsonpath='{.status.conditions[?(@.type=="Ready")].reason}') == "$1" ]]
}
cleanup() {
    k delete manifest flux-site -n default --ignore-not-found >/dev/null
    k delete gitrepository control -n default --ignore-not-found >/dev/null 2>&1 || true
    for n in "${NODES[@]}"; do delete_node "$n"; done
}
trap cleanup EXIT
install_kuppet

# --- Flux's CRDs, from source-controller's module ------------------------------
dir=$(cd "$E2E_STATE" && GOFLAGS=-mod=mod go mod download -json "github.com/fluxcd/source-controller@$FLUX_SOURCE_CONTROLLER" |
    sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
[[ -f $dir/config/crd/bases/source.toolkit.fluxcd.io_gitrepositories.yaml ]] ||
    fail "Flux's CRDs not found in source-controller $FLUX_SOURCE_CONTROLLER (go mod download)"
expect_ok "Flux's GitRepository CRD installs" \
    k apply --server-side -f "$dir/config/crd/bases/source.toolkit.fluxcd.io_gitrepositories.yaml"
expect_ok "the CRD is established" \
    wait_for 60 "the GitRepository CRD" crds_established gitrepositories.source.toolkit.fluxcd.io

# --- the control repo, as source-controller packs a GitRepository ---------------
env=$E2E_STATE/flux-env
serve=$E2E_STATE/flux-serve
rm -rf "$env" "$serve"
mkdir -p "$env/manifests" "$env/site/profile/manifests" "$env/site/profile/files/conf.d" "$env/data" "$serve"
echo "a banner from the module's files" >"$env/site/profile/files/banner"
echo "one" >"$env/site/profile/files/conf.d/one.conf"
cat >"$env/manifests/site.pp" <<'PP'
include profile::motd
PP
cat >"$env/site/profile/manifests/motd.pp" <<'PP'
class profile::motd(String $greeting) {
  file { '/etc/kuppet-flux-motd': ensure => file, content => "${greeting}\n" }
  # puppet:/// sources: the files travel with the NodeCatalog (spec.files).
  file { '/etc/kuppet-flux-banner': ensure => file, source => 'puppet:///modules/profile/banner' }
  file { '/etc/kuppet-flux-conf.d': ensure => directory, recurse => true, source => 'puppet:///modules/profile/conf.d' }
}
PP
cat >"$env/hiera.yaml" <<'YAML'
version: 5
hierarchy:
  - name: common
    path: common.yaml
YAML
echo 'profile::motd::greeting: from flux one' >"$env/data/common.yaml"
# pack REV: the tarball source-controller would serve for REV; prints its digest.
pack() {
    tar -C "$env" -czf "$serve/$1.tar.gz" .
    echo "sha256:$(sha256sum "$serve/$1.tar.gz" | cut -d' ' -f1)"
}
port=$(free_port)
start_bg flux-files python3 -m http.server --bind 127.0.0.1 --directory "$serve" "$port"
# publish REV DIGEST: source-controller's status write for a fetched revision.
publish() {
    local rev=$1 digest=$2 size
    size=$(stat -c %s "$serve/$rev.tar.gz")
    k patch gitrepository control -n default --subresource=status --type=merge -p "$(
        cat <<JSON
{"status": {"artifact": {
  "path": "gitrepository/default/control/$rev.tar.gz",
  "url": "http://127.0.0.1:$port/$rev.tar.gz",
  "revision": "main@sha1:$rev",
  "digest": "$digest",
  "size": $size,
  "lastUpdateTime": "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
}}}
JSON
    )" >/dev/null
}

k apply -f - >/dev/null <<EOF
apiVersion: source.toolkit.fluxcd.io/v1
kind: GitRepository
metadata: {name: control, namespace: default}
spec:
  interval: 1m
  url: https://git.example.com/puppet/control.git
  ref: {branch: main}
EOF

fresh_node e2e-flux-web role=web e2e-code=flux
fresh_node e2e-flux-db role=db e2e-code=flux
start_controller controller-flux --metrics-addr "127.0.0.1:$(free_port)" \
    --artifact-cache "$E2E_STATE/flux-artifact-cache"
for n in "${NODES[@]}"; do start_agent "$n"; done
wait_nodefacts "${NODES[@]}"

k apply -f - >/dev/null <<EOF
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata: {name: flux-site, namespace: default}
spec:
  nodeSelector: {matchLabels: {e2e-code: flux}}
  code:
    sourceRef: {kind: GitRepository, name: control}
EOF
wait_for 60 "the Manifest to wait for the source's artifact (SourceNotReady)" ready_reason SourceNotReady

# --- source-controller fetched revision 1 --------------------------------------
d1=$(pack 1111)
publish 1111 "$d1"
expect_ok "the Manifest with a Flux source becomes Ready" \
    k wait --for=condition=Ready --timeout=180s manifest/flux-site -n default
for n in "${NODES[@]}"; do
    assert_eq "from flux one" "$(cat "$(node_root "$n")/etc/kuppet-flux-motd")" "$n's motd from the Flux artifact"
done
assert_eq "a banner from the module's files" "$(cat "$(node_root e2e-flux-web)/etc/kuppet-flux-banner")" "a puppet:///modules/ source on the node"
assert_eq "one" "$(cat "$(node_root e2e-flux-web)/etc/kuppet-flux-conf.d/one.conf")" "a recursive puppet:///modules/ directory source"
assert_eq "main@sha1:1111" "$(k get nodecatalog e2e-flux-web -o jsonpath='{.spec.sources[?(@.name=="flux-site")].revision}')" "the NodeCatalog names Flux's revision"
assert_eq "$d1" "$(k get manifest flux-site -n default -o jsonpath='{.status.artifactDigest}')" "the Manifest's artifactDigest is the tarball's"

# --- a new revision: nodes follow (a changed served file too) -------------------
echo 'profile::motd::greeting: from flux two' >"$env/data/common.yaml"
echo "two" >"$env/site/profile/files/conf.d/two.conf"
d2=$(pack 2222)
t0=$(now_ms)
publish 2222 "$d2"
for n in "${NODES[@]}"; do
    wait_for 60 "the NodeCatalog of $n from revision 2222" has_revision "$n" main@sha1:2222
done
measure "Flux source status to every NodeCatalog updated, 2 agents" "$(seconds_since "$t0")"
wait_for 60 "the web node converges to revision 2222" \
    grep -qx "from flux two" "$(node_root e2e-flux-web)/etc/kuppet-flux-motd"
wait_for 60 "the new file of the recursive source reaches the node" \
    grep -qx "two" "$(node_root e2e-flux-web)/etc/kuppet-flux-conf.d/two.conf"

# --- a status whose digest is not the tarball's: refused, nodes stay -----------
good=$(digest_of e2e-flux-web)
echo 'profile::motd::greeting: tampered' >"$env/data/common.yaml"
pack 3333 >/dev/null
publish 3333 "sha256:$(echo 'not this tarball' | sha256sum | cut -d' ' -f1)"
wait_for 60 "the Manifest to report DigestMismatch" ready_reason DigestMismatch
assert_eq "main@sha1:2222" "$(k get manifest flux-site -n default -o jsonpath='{.status.lastAppliedRevision}')" "the last good revision stays applied"
assert_eq "$good" "$(digest_of e2e-flux-web)" "the node keeps its last good catalog"
assert_eq "from flux two" "$(cat "$(node_root e2e-flux-web)/etc/kuppet-flux-motd")" "the node's file is untouched"

# --- the source is deleted: SourceNotFound, nodes stay --------------------------
k delete gitrepository control -n default >/dev/null
wait_for 60 "the Manifest to report SourceNotFound" ready_reason SourceNotFound
assert_eq "$good" "$(digest_of e2e-flux-web)" "the node keeps its last good catalog without its source"
