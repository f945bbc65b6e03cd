#!/usr/bin/env bash
# Issue 10: who may configure which nodes. A namespace without a
# ManifestGrant configures no node (NotGranted); one with a limited grant
# (file resources under /etc/e2e-team only) is refused beyond it
# (GrantExceeded, naming the grant and rule) and no node receives that
# Manifest, while its Manifest inside the grant and the admin's Manifest (in
# the release namespace, granted by the chart) reach Ready on every node.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply

NODES=(e2e-g-1 e2e-g-2)
cleanup() {
    k delete manifest g-admin -n "$KUPPET_NS" --ignore-not-found >/dev/null
    k delete namespace e2e-team-none e2e-team-lim --ignore-not-found --wait=false >/dev/null
    k delete manifestgrant e2e-team-lim --ignore-not-found >/dev/null
    for n in "${NODES[@]}"; do delete_node "$n"; done
}
trap cleanup EXIT
install_kuppet
for ns in e2e-team-none e2e-team-lim; do
    k create namespace "$ns" --dry-run=client -o yaml | k apply -f - >/dev/null
done
k apply -f - >/dev/null <<'EOF2'
apiVersion: kuppet.dev/v1alpha1
kind: ManifestGrant
metadata:
  name: e2e-team-lim
spec:
  namespaces: [e2e-team-lim]
  nodeSelector:
    matchLabels: {e2e-g: "yes"}
  resourceTypes: [file]
  pathPrefixes: [/etc/e2e-team]
EOF2

for n in "${NODES[@]}"; do fresh_node "$n" e2e-g=yes; done
start_controller controller
for n in "${NODES[@]}"; do start_agent "$n"; done
wait_nodefacts "${NODES[@]}"

# ns_manifest NAMESPACE NAME SOURCE: a Manifest selecting the scenario's nodes.
ns_manifest() {
    k apply -f - >/dev/null <<EOF2
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata:
  name: $2
  namespace: $1
spec:
  nodeSelector:
    matchLabels: {e2e-g: "yes"}
  source: |
$(sed 's/^/    /' <<<"$3")
EOF2
}
file_pp() { printf "file { '%s':\n  ensure  => file,\n  content => \"%s\\\\n\",\n}\n" "$1" "$2"; }

ns_manifest "$KUPPET_NS" g-admin "$(file_pp /etc/e2e-admin.conf v1)"
ns_manifest e2e-team-none rogue "$(file_pp /etc/e2e-rogue.conf owned)"
ns_manifest e2e-team-lim ok "file { '/etc/e2e-team': ensure => directory }
$(file_pp /etc/e2e-team/ok.conf fine)"
ns_manifest e2e-team-lim beyond "$(file_pp /etc/e2e-team/also.conf fine)
$(file_pp /etc/e2e-beyond.conf owned)
exec { 'e2e-beyond': command => '/bin/true' }"

reason() { k get manifest "$2" -n "$1" -o jsonpath='{.status.conditions[?(@.type=="Stalled")].reason}'; }
message() { k get manifest "$2" -n "$1" -o jsonpath='{.status.conditions[?(@.type=="Stalled")].message}'; }
stalled_with() { [[ $(reason "$1" "$2") == "$3" ]]; }
expect_ok "the admin's Manifest is Ready" k wait --for=condition=Ready --timeout=120s manifest/g-admin -n "$KUPPET_NS"
expect_ok "the granted team Manifest is Ready" k wait --for=condition=Ready --timeout=120s manifest/ok -n e2e-team-lim
wait_for 60 "rogue NotGranted" stalled_with e2e-team-none rogue NotGranted
wait_for 60 "beyond GrantExceeded" stalled_with e2e-team-lim beyond GrantExceeded
assert_contains "$(message e2e-team-none rogue)" "no ManifestGrant gives namespace e2e-team-none" "rogue message"
assert_contains "$(message e2e-team-lim beyond)" "ManifestGrant e2e-team-lim: spec." "beyond message names the rule"
log "beyond: $(message e2e-team-lim beyond)"

# The admin's edit still reaches every node; the refused code reaches none.
t0=$(now_ms)
ns_manifest "$KUPPET_NS" g-admin "$(file_pp /etc/e2e-admin.conf v2)"
admin_v2() {
    local n
    for n in "${NODES[@]}"; do
        [[ $(cat "$(node_root "$n")/etc/e2e-admin.conf" 2>/dev/null) == v2 ]] || return 1
    done
}
wait_for 120 "the admin's v2 on every node" admin_v2
measure "an admin edit to every node beside refused Manifests" "$(seconds_since "$t0")"
for n in "${NODES[@]}"; do
    root=$(node_root "$n")
    assert_eq fine "$(cat "$root/etc/e2e-team/ok.conf")" "the granted file on $n"
    [[ ! -e $root/etc/e2e-rogue.conf ]] || fail "$n received the ungranted namespace's file"
    [[ ! -e $root/etc/e2e-beyond.conf && ! -e $root/etc/e2e-team/also.conf ]] ||
        fail "$n received the Manifest beyond its grant"
    sources=" $(k get nodecatalog "$n" -o jsonpath='{.spec.sources[*].name}') "
    [[ $sources != *" rogue "* && $sources != *" beyond "* ]] || fail "$n: catalog sources $sources"
done
assert_eq 0 "$(k get manifest rogue -n e2e-team-none -o jsonpath='{.status.selectedNodes}')" "rogue targets no node"
log "ok: NotGranted and GrantExceeded held; the admin's edit reached ${#NODES[@]} nodes"
