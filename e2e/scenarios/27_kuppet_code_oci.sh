#!/usr/bin/env bash
# Issue 12: a Manifest's code from an OCI artifact. A local registry (crane
# registry serve), `kuppet push` of an environment (a profile module with a
# template and Debian's stdlib, Hiera data per node role), a Manifest with
# spec.code: the nodes' NodeCatalogs name the revision and the agents
# converge; a new revision is followed; a broken one leaves the Manifest not
# Ready (ArtifactFailed) and the nodes on the last good catalog.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply
CRANE=${KUPPET_CRANE:-$(command -v crane || true)}
[[ -x $CRANE ]] || fail "crane not found: run e2e/tools.sh crane (or set KUPPET_CRANE)"

NODES=(e2e-code-web e2e-code-db)
# has_revision NODE REV: the node's NodeCatalog was compiled from REV.
has_revision() { [[ $(k get nodecatalog "$1" -o jsonpath='{.spec.sources[?(@.name=="site")].revision}') == "$2" ]]; }
# ready_reason REASON: the Manifest's Ready condition has REASON.
ready_reason() {
    [[ $(k get manifest site -n default -o jsonpath='{.status.conditions[?(@.type=="Ready")].reason}') == "$1" ]]
}
cleanup() {
    k delete manifest site -n default --ignore-not-found >/dev/null
    for n in "${NODES[@]}"; do delete_node "$n"; done
}
trap cleanup EXIT
install_kuppet

port=$(free_port)
start_bg registry "$CRANE" registry serve --address "127.0.0.1:$port"
wait_for 30 "the registry" curl -fsS "http://127.0.0.1:$port/v2/"
ref="oci://127.0.0.1:$port/puppet/control:production"

env=$E2E_STATE/code-env
rm -rf "$env"
mkdir -p "$env/manifests" "$env/modules/profile/manifests" "$env/modules/profile/templates" "$env/data/roles"
[[ -d /usr/share/puppet/modules/stdlib ]] && cp -r /usr/share/puppet/modules/stdlib "$env/modules/"
cat >"$env/manifests/site.pp" <<'PP'
include profile::motd
PP
cat >"$env/modules/profile/manifests/motd.pp" <<'PP'
class profile::motd(String $greeting, String $revision = 'one') {
  file { '/etc/kuppet-code-motd':
    ensure  => file,
    content => template('profile/motd.erb'),
  }
}
PP
echo '<%= @greeting %> (<%= @revision %>)' >"$env/modules/profile/templates/motd.erb"
cat >"$env/hiera.yaml" <<'YAML'
version: 5
hierarchy:
  - name: role
    path: "roles/%{facts.kubernetes.labels.role}.yaml"
  - name: common
    path: common.yaml
YAML
echo 'profile::motd::greeting: hello' >"$env/data/common.yaml"
echo 'profile::motd::greeting: hello web' >"$env/data/roles/web.yaml"

expect_ok "kuppet push of revision one" "$KUPPET_BIN" push --insecure --revision one "$env" "$ref"

fresh_node e2e-code-web role=web e2e-code=oci
fresh_node e2e-code-db role=db e2e-code=oci
start_controller controller-code --metrics-addr "127.0.0.1:$(free_port)" \
    --artifact-cache "$E2E_STATE/artifact-cache"
for n in "${NODES[@]}"; do start_agent "$n"; done
wait_nodefacts "${NODES[@]}"

k apply -f - >/dev/null <<EOF
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata: {name: site, namespace: default}
spec:
  nodeSelector: {matchLabels: {e2e-code: oci}}
  code:
    oci: {url: "$ref", interval: 5s, insecure: true}
EOF
expect_ok "the Manifest with spec.code becomes Ready" \
    k wait --for=condition=Ready --timeout=180s manifest/site -n default
assert_eq "hello web (one)" "$(cat "$(node_root e2e-code-web)/etc/kuppet-code-motd")" "web node's motd (role data, template)"
assert_eq "hello (one)" "$(cat "$(node_root e2e-code-db)/etc/kuppet-code-motd")" "db node's motd (common data)"
assert_eq "one" "$(k get nodecatalog e2e-code-web -o jsonpath='{.spec.sources[?(@.name=="site")].revision}')" "the NodeCatalog names the revision"
assert_eq "one one" "$(k get manifest site -n default -o jsonpath='{.status.lastAttemptedRevision} {.status.lastAppliedRevision}')" "Manifest revisions"

# --- a new revision: nodes follow ------------------------------------------
sed -i "s/'one'/'two'/" "$env/modules/profile/manifests/motd.pp"
t0=$(now_ms)
expect_ok "kuppet push of revision two" "$KUPPET_BIN" push --insecure --revision two "$env" "$ref"
for n in "${NODES[@]}"; do
    wait_for 60 "the NodeCatalog of $n from revision two" has_revision "$n" two
done
measure "kuppet push of a new revision to every NodeCatalog updated, 2 agents" "$(seconds_since "$t0")"
wait_for 60 "the web node converges to revision two" \
    grep -qx "hello web (two)" "$(node_root e2e-code-web)/etc/kuppet-code-motd"

# --- a broken revision: the Manifest says why, nodes stay --------------------
good=$(digest_of e2e-code-web)
echo 'class profile::motd( {' >"$env/modules/profile/manifests/motd.pp"
echo 'notify { ' >>"$env/manifests/site.pp"
expect_ok "kuppet push of a broken revision" "$KUPPET_BIN" push --insecure --revision three "$env" "$ref"
wait_for 60 "the Manifest to report ArtifactFailed" ready_reason ArtifactFailed
assert_eq "False" "$(k get manifest site -n default -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" "Ready after a broken push"
assert_eq "two" "$(k get manifest site -n default -o jsonpath='{.status.lastAppliedRevision}')" "the last good revision stays applied"
assert_eq "$good" "$(digest_of e2e-code-web)" "the node keeps its last good catalog"
