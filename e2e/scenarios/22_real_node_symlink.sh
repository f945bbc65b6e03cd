#!/usr/bin/env bash
# Issue 15, real node 2 (continued): a file behind an absolute symlink in the
# node's tree lands where the node itself would put it. /etc/kuppet-e2e-link
# -> /var/lib/kuppet-e2e-target on the node: the agent pod sees the node at
# /host, and must resolve the link inside it (/host/var/lib/...), not in its
# container (/var/lib/...), nor on this machine.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_real_node
N=$REAL_NODE_NAME
install_chart
wait_chart_ready

cleanup() { k delete manifest e2e-symlink -n default --ignore-not-found >/dev/null 2>&1 || true; }
trap cleanup EXIT

rm -rf "$NODE_ROOT/etc/kuppet-e2e-link" "$NODE_ROOT/var/lib/kuppet-e2e-target"
mkdir -p "$NODE_ROOT/var/lib/kuppet-e2e-target"
ln -s /var/lib/kuppet-e2e-target "$NODE_ROOT/etc/kuppet-e2e-link"

before=$(digest_of "$N")
apply_manifest e2e-symlink "{$REAL_NODE_LABEL: \"true\"}" "$(cat <<'PP'
file { '/etc/kuppet-e2e-link/managed.conf':
  ensure  => file,
  mode    => '0640',
  content => "written through the node's own symlink\n",
}
PP
)"
wait_for 60 "the catalog with the file" catalog_changed "$N" "$before"
wait_for 90 "the agent pod to run it" catalog_ran "$N"
if [[ $(k get nodecatalog "$N" -o jsonpath='{.status.resources.failed}') != 0 ]]; then
    fail "the file behind the symlink was not applied: $(k get nodecatalog "$N" -o jsonpath='{.status.failedResources[*].message}')"
fi
assert_eq "written through the node's own symlink" "$(cat "$NODE_ROOT/var/lib/kuppet-e2e-target/managed.conf")" \
    "the file where the node's symlink points"
assert_eq "640" "$(stat -c %a "$NODE_ROOT/var/lib/kuppet-e2e-target/managed.conf")" "its mode"
[[ -L $NODE_ROOT/etc/kuppet-e2e-link ]] || fail "the node's symlink was replaced"
[[ ! -e /var/lib/kuppet-e2e-target ]] || fail "the file landed on this machine"
pid=$(agent_pid)
[[ ! -e /proc/$pid/root/var/lib/kuppet-e2e-target ]] || fail "the file landed in the agent's container"
log "ok: the file behind the absolute symlink is where the node puts it"
