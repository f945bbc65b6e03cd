#!/usr/bin/env bash
# Issue 5, e2e 5: with the API server stopped, agents keep enforcing the
# catalog they hold (even across their own restart, from the copy on the
# host's disk) and repair what is broken by hand; once the API server is
# back, their status catches up.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply

NODE=e2e-off-1
FILE=/etc/kuppet-e2e-offline.conf
cleanup() {
    apiserver_ready || "$E2E_DIR/cluster.sh" start-apiserver
    k delete manifest off-file -n default --ignore-not-found >/dev/null
    delete_node "$NODE"
}
trap cleanup EXIT
install_kuppet
fresh_node "$NODE" role=e2e-offline
start_controller controller --metrics-addr none
# Runs every 3 seconds, so that repairs are quick to see.
agent_args=(--run-interval 3s --splay-limit 0s)
start_agent "$NODE" "${agent_args[@]}"
wait_nodefacts "$NODE"
apply_manifest off-file '{role: e2e-offline}' "file { '$FILE': ensure => file, content => \"managed\\n\" }"
expect_ok "off-file Ready" k wait --for=condition=Ready --timeout=120s manifest/off-file -n default
path=$(node_root "$NODE")$FILE
assert_eq managed "$(cat "$path")" "converged"
digest=$(digest_of "$NODE")
assert_eq "$digest" "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["digest"])' \
    "$(node_root "$NODE")/var/lib/kuppet/catalog.json")" "the catalog is cached on the host's disk"

# --- the API server goes away ------------------------------------------------
"$E2E_DIR/cluster.sh" stop-apiserver
stopped_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)
sleep 1
printf 'broken by hand\n' >"$path"
wait_for 30 "the agent to repair the file without the API server" grep -qx managed "$path"
log "ok: repaired while the API server is down"

# The agent restarts while the API server is still away: it enforces the
# copy on disk.
stop_bg "agent-$NODE"
printf 'broken again\n' >"$path"
start_bg "agent-$NODE" "$KUPPET_BIN" agent --node-name "$NODE" --root "$(node_root "$NODE")" \
    --kubeconfig "$E2E_STATE/kubeconfigs/agent-$NODE" "${agent_args[@]}"
wait_for 40 "the restarted agent to repair the file from its disk cache" grep -qx managed "$path"
log "ok: a restarted agent enforces its cached catalog"

# --- the API server comes back: the status catches up -------------------------
"$E2E_DIR/cluster.sh" start-apiserver
caught_up() {
    local t
    t=$(k get nodecatalog "$NODE" -o jsonpath='{.status.lastRun.time}')
    [[ -n $t && ! $t < $stopped_at ]]
}
wait_for 90 "the NodeCatalog status to report runs made while the API server was away" caught_up
assert_eq "True" "$(k get nodecatalog "$NODE" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" "Ready after catching up"
assert_eq "$digest" "$(k get nodecatalog "$NODE" -o jsonpath='{.status.lastRun.digest}')" "the digest applied"
wait_for 30 "Events about the repairs" bash -c "kubectl --request-timeout=20s events -n default --for nodecatalog/$NODE | grep -q 'kuppet-e2e-offline.conf'"
