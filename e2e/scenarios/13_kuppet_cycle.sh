#!/usr/bin/env bash
# Issue 5, e2e 4 (cycles): a Manifest whose resources depend on each other in
# a loop is reported on the Manifest at compile time (Stalled, the cycle in
# the message) and no node applies it.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply

NODE=e2e-cycle-1
cleanup() {
    k delete manifest cyc-ok cyc-loop -n default --ignore-not-found >/dev/null
    delete_node "$NODE"
}
trap cleanup EXIT
install_kuppet
fresh_node "$NODE" role=e2e-cycle
start_controller controller --metrics-addr none
start_agent "$NODE"
wait_nodefacts "$NODE"

apply_manifest cyc-ok '{role: e2e-cycle}' "file { '/etc/cyc-ok': ensure => file, content => 'ok' }"
expect_ok "cyc-ok Ready" k wait --for=condition=Ready --timeout=120s manifest/cyc-ok -n default
before=$(digest_of "$NODE")

apply_manifest cyc-loop '{role: e2e-cycle}' "$(cat <<'PP'
file { '/etc/cyc-a':
  ensure  => file,
  content => 'a',
  require => File['/etc/cyc-b'],
}
file { '/etc/cyc-b':
  ensure  => file,
  content => 'b',
  require => File['/etc/cyc-a'],
}
PP
)"
expect_ok "the cycle stalls the Manifest" k wait --for=condition=Stalled --timeout=60s manifest/cyc-loop -n default
assert_eq "CompileFailed" "$(k get manifest cyc-loop -n default -o jsonpath='{.status.conditions[?(@.type=="Stalled")].reason}')" "Stalled reason"
msg=$(k get manifest cyc-loop -n default -o jsonpath='{.status.conditions[?(@.type=="Stalled")].message}')
assert_contains "$msg" "cycle" "the message names the cycle"
assert_contains "$msg" "File[/etc/cyc-a]" "the message names the resources"
sleep 3
assert_eq "$before" "$(digest_of "$NODE")" "the node keeps its catalog"
[[ ! -e $(node_root "$NODE")/etc/cyc-a && ! -e $(node_root "$NODE")/etc/cyc-b ]] || fail "a node applied the cycle"
assert_eq "True" "$(k get manifest cyc-ok -n default -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" \
    "the Manifest that declared none of the cycle stays Ready"
