#!/usr/bin/env bash
# Issue 12: Flux's own source-controller, built from its Go module
# (e2e/tools.sh source-controller) and run as a process against the e2e API
# server, serving an OCIRepository that `kuppet push` filled in a local
# registry (crane registry serve); a Manifest with spec.code.sourceRef of
# kind OCIRepository. Checks: the nodes converge from source-controller's
# artifact; every node's NodeCatalog equals `kuppet compile` of the same tree
# with that node's facts (and `kuppet diff --kubeconfig` of the tree finds no
# change); a pushed revision reaches the nodes through source-controller; a
# broken revision leaves them on the last good catalog; an artifact altered
# in source-controller's storage is refused (DigestMismatch).
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply
CRANE=${KUPPET_CRANE:-$(command -v crane || true)}
[[ -x $CRANE ]] || fail "crane not found: run e2e/tools.sh crane (or set KUPPET_CRANE)"
bin=$("$E2E_DIR/tools.sh" source-controller | tail -n 1) || fail "could not build Flux's source-controller"
SOURCE_CONTROLLER=$bin/source-controller
[[ -x $SOURCE_CONTROLLER ]] || fail "source-controller not found in $bin"

NODES=(e2e-fluxoci-web e2e-fluxoci-db)
revision_of() { k get nodecatalog "$1" -o jsonpath='{.spec.sources[?(@.name=="fluxoci")].revision}'; }
has_revision() { [[ $(revision_of "$1") == "$2" ]]; }
ready_reason() {
    [[ $(k get manifest fluxoci -n default -o jsonpath='{.status.conditions[?(@.type=="Ready")].reason}') == "$1" ]]
}
# artifact_revision: the revision source-controller's OCIRepository status names.
artifact_revision() { k get ocirepository control -n default -o jsonpath='{.status.artifact.revision}'; }
# artifact_moved_from REV: source-controller has fetched a revision other than REV.
artifact_moved_from() { [[ -n $(artifact_revision) && $(artifact_revision) != "$1" ]]; }
cleanup() {
    k delete manifest fluxoci -n default --ignore-not-found >/dev/null
    k delete ocirepository control -n default --ignore-not-found --wait=false >/dev/null 2>&1 || true
    for n in "${NODES[@]}"; do delete_node "$n"; done
}
trap cleanup EXIT
install_kuppet

# --- Flux's CRDs and source-controller ------------------------------------------
version=$(sed -n 's/^FLUX_SOURCE_CONTROLLER=\${FLUX_SOURCE_CONTROLLER:-\(.*\)}$/\1/p' "$E2E_DIR/tools.sh")
dir=$(cd "$E2E_STATE" && GOFLAGS=-mod=mod go mod download -json "github.com/fluxcd/source-controller@$version" |
    sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
[[ -d $dir/config/crd/bases ]] || fail "Flux's CRDs not found in source-controller $version"
expect_ok "Flux's source CRDs install" k apply --server-side -f "$dir/config/crd/bases"
expect_ok "the OCIRepository CRD is established" \
    wait_for 60 "the OCIRepository CRD" crds_established ocirepositories.source.toolkit.fluxcd.io

storage=$E2E_STATE/flux-storage
rm -rf "$storage" && mkdir -p "$storage"
sport=$(free_port)
export RUNTIME_NAMESPACE=default
start_bg source-controller "$SOURCE_CONTROLLER" \
    --storage-path "$storage" --storage-addr "127.0.0.1:$sport" --storage-adv-addr "127.0.0.1:$sport" \
    --metrics-addr "127.0.0.1:$(free_port)" --health-addr "127.0.0.1:$(free_port)" \
    --enable-leader-election=false --log-level info
wait_for 60 "source-controller's storage server" curl -s -o /dev/null "http://127.0.0.1:$sport/"

# --- the control repo, pushed by kuppet to a local registry ----------------------
rport=$(free_port)
start_bg registry "$CRANE" registry serve --address "127.0.0.1:$rport"
wait_for 30 "the registry" curl -fsS "http://127.0.0.1:$rport/v2/"
ref="oci://127.0.0.1:$rport/puppet/control:production"
env=$E2E_STATE/fluxoci-env
rm -rf "$env"
mkdir -p "$env/manifests" "$env/site/profile/manifests" "$env/site/profile/files" "$env/data/roles" "$env/modules"
# Debian's stdlib and concat, as a control repo's Puppetfile would bring them.
for m in stdlib concat; do
    cp -rL "$(debian_module "$m" "puppet-module-puppetlabs-$m")" "$env/modules/$m"
done
echo "served by source-controller" >"$env/site/profile/files/banner"
cat >"$env/manifests/site.pp" <<'PP'
include profile::base
PP
cat >"$env/site/profile/manifests/base.pp" <<'PP'
class profile::base(String $greeting, Array[String] $extra = []) {
  file { '/etc/kuppet-fluxoci-motd':
    ensure  => file,
    content => "${greeting} on ${facts['kubernetes']['labels']['role']}\n",
  }
  file { '/etc/kuppet-fluxoci-banner': ensure => file, source => 'puppet:///modules/profile/banner' }
  concat { '/etc/kuppet-fluxoci-hosts': ensure => present, mode => '0644' }
  concat::fragment { 'hosts-header': target => '/etc/kuppet-fluxoci-hosts', content => "# ${trusted['certname']}\n", order => '01' }
  concat::fragment { 'hosts-role': target => '/etc/kuppet-fluxoci-hosts', content => "role ${facts['kubernetes']['labels']['role']}\n", order => '10' }
  $extra.each |$e| {
    file { "/etc/kuppet-fluxoci-${e}": ensure => file, content => "${e}\n", require => File['/etc/kuppet-fluxoci-motd'] }
  }
}
PP
cat >"$env/hiera.yaml" <<'YAML'
version: 5
hierarchy:
  - name: role
    path: "roles/%{facts.kubernetes.labels.role}.yaml"
  - name: common
    path: common.yaml
YAML
echo 'profile::base::greeting: hello' >"$env/data/common.yaml"
printf 'profile::base::extra: [a, b]\n' >"$env/data/roles/web.yaml"
expect_ok "kuppet push of revision one" "$KUPPET_BIN" push --insecure --revision one "$env" "$ref"

k apply -f - >/dev/null <<EOF
apiVersion: source.toolkit.fluxcd.io/v1
kind: OCIRepository
metadata: {name: control, namespace: default}
spec:
  interval: 5s
  url: oci://127.0.0.1:$rport/puppet/control
  ref: {tag: production}
  insecure: true
EOF
expect_ok "source-controller makes the OCIRepository Ready" \
    k wait --for=condition=Ready --timeout=120s ocirepository/control -n default
url=$(k get ocirepository control -n default -o jsonpath='{.status.artifact.url}')
assert_contains "$url" "http://127.0.0.1:$sport/ocirepository/default/control/" "the artifact is served from source-controller's storage"

fresh_node e2e-fluxoci-web role=web e2e-code=fluxoci
fresh_node e2e-fluxoci-db role=db e2e-code=fluxoci
cache=$E2E_STATE/fluxoci-artifact-cache
rm -rf "$cache"
start_controller controller-fluxoci --metrics-addr "127.0.0.1:$(free_port)" --artifact-cache "$cache"
for n in "${NODES[@]}"; do start_agent "$n"; done
wait_nodefacts "${NODES[@]}"

k apply -f - >/dev/null <<EOF
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata: {name: fluxoci, namespace: default}
spec:
  nodeSelector: {matchLabels: {e2e-code: fluxoci}}
  code:
    sourceRef: {kind: OCIRepository, name: control}
EOF
expect_ok "the Manifest with an OCIRepository source becomes Ready" \
    k wait --for=condition=Ready --timeout=180s manifest/fluxoci -n default
rev1=$(artifact_revision)
assert_contains "$rev1" "production@sha256:" "source-controller's revision of the tag"
assert_eq "$rev1" "$(revision_of e2e-fluxoci-web)" "the NodeCatalog names source-controller's revision"
wait_for 60 "the web node converges" grep -qx "hello on web" "$(node_root e2e-fluxoci-web)/etc/kuppet-fluxoci-motd"
assert_eq "hello on db" "$(cat "$(node_root e2e-fluxoci-db)/etc/kuppet-fluxoci-motd")" "db node's motd"
assert_eq "a" "$(cat "$(node_root e2e-fluxoci-web)/etc/kuppet-fluxoci-a")" "web's role data"
assert_eq "served by source-controller" "$(cat "$(node_root e2e-fluxoci-web)/etc/kuppet-fluxoci-banner")" \
    "a puppet:///modules/ source from the artifact"
[[ ! -e $(node_root e2e-fluxoci-db)/etc/kuppet-fluxoci-a ]] || fail "the db node got web's role data"
assert_eq "$(printf '# e2e-fluxoci-db\nrole db')" "$(cat "$(node_root e2e-fluxoci-db)/etc/kuppet-fluxoci-hosts")" \
    "a concat file from Debian's concat module"

# --- every NodeCatalog equals `kuppet compile` of the tree with the node's facts ---
for n in "${NODES[@]}"; do
    expect_ok "$n's NodeCatalog equals kuppet compile of the tree with its facts" catalog_is_compile "$n" "$env"
done
rc=0
"$KUPPET_BIN" diff --kubeconfig "$KUBECONFIG" --manifest default/fluxoci --tags "$env" \
    >"$E2E_STATE/fluxoci-diff.txt" 2>&1 || rc=$?
assert_eq 0 "$rc" "kuppet diff --kubeconfig of the same tree finds no change ($(tail -n 3 "$E2E_STATE/fluxoci-diff.txt"))"

# --- a new revision through source-controller ------------------------------------
echo 'profile::base::greeting: hello again' >"$env/data/common.yaml"
t0=$(now_ms)
expect_ok "kuppet push of revision two" "$KUPPET_BIN" push --insecure --revision two "$env" "$ref"
wait_for 90 "source-controller to fetch the new revision" artifact_moved_from "$rev1"
rev2=$(artifact_revision)
for n in "${NODES[@]}"; do
    wait_for 60 "the NodeCatalog of $n from source-controller's new revision" has_revision "$n" "$rev2"
done
measure "kuppet push through source-controller to every NodeCatalog updated, 2 agents" "$(seconds_since "$t0")"
wait_for 60 "the web node converges to revision two" \
    grep -qx "hello again on web" "$(node_root e2e-fluxoci-web)/etc/kuppet-fluxoci-motd"
expect_ok "the web NodeCatalog still equals kuppet compile" catalog_is_compile e2e-fluxoci-web "$env"

# --- a broken revision: the Manifest says why, nodes stay ---------------------------
good=$(digest_of e2e-fluxoci-web)
cp "$env/manifests/site.pp" "$E2E_STATE/fluxoci-site.pp.good"
echo 'notify { ' >>"$env/manifests/site.pp"
expect_ok "kuppet push of a broken revision" "$KUPPET_BIN" push --insecure --revision three "$env" "$ref"
wait_for 90 "source-controller to fetch the broken revision" artifact_moved_from "$rev2"
wait_for 60 "the Manifest to report ArtifactFailed" ready_reason ArtifactFailed
assert_eq "$rev2" "$(k get manifest fluxoci -n default -o jsonpath='{.status.lastAppliedRevision}')" "the last good revision stays applied"
assert_eq "$good" "$(digest_of e2e-fluxoci-web)" "the node keeps its last good catalog"

# --- an artifact altered in source-controller's storage: refused ------------------
# The kuppet controller is stopped while source-controller fetches revision
# four; its stored tarball is then altered (the status still names the
# digest of what source-controller packed). Restarted, the controller
# downloads it, finds the digest wrong and keeps the nodes where they are.
rev3=$(artifact_revision)
stop_bg controller-fluxoci
cp "$E2E_STATE/fluxoci-site.pp.good" "$env/manifests/site.pp"
echo 'profile::base::greeting: tampered' >"$env/data/common.yaml"
expect_ok "kuppet push of revision four" "$KUPPET_BIN" push --insecure --revision four "$env" "$ref"
wait_for 90 "source-controller to fetch revision four" artifact_moved_from "$rev3"
path=$storage/$(k get ocirepository control -n default -o jsonpath='{.status.artifact.path}')
[[ -f $path ]] || fail "source-controller's stored artifact $path not found"
printf 'altered after source-controller packed it' | gzip >"$path"
start_controller controller-fluxoci --metrics-addr "127.0.0.1:$(free_port)" --artifact-cache "$cache"
wait_for 90 "the Manifest to report DigestMismatch" ready_reason DigestMismatch
assert_eq "$good" "$(digest_of e2e-fluxoci-web)" "the node keeps its last good catalog"
assert_eq "hello again on web" "$(cat "$(node_root e2e-fluxoci-web)/etc/kuppet-fluxoci-motd")" "the node's file is untouched"
