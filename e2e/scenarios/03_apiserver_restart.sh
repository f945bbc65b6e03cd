#!/usr/bin/env bash
# cluster.sh can stop and restart the API server alone (the agent scenarios
# use it): requests fail while it is away, objects and issued tokens survive.
. "$(dirname "$0")/../lib.sh"

NS=e2e-restart
NODE=e2e-restart-node
dir=$(mktemp -d)
cleanup() {
    apiserver_ready || "$E2E_DIR/cluster.sh" start-apiserver
    k delete namespace "$NS" --ignore-not-found --wait=false >/dev/null
    delete_node "$NODE"
    rm -rf "$dir"
}
trap cleanup EXIT

k create namespace "$NS" >/dev/null
k create serviceaccount agent -n "$NS" >/dev/null
create_node "$NODE"
k create configmap before -n "$NS" --from-literal=k=v >/dev/null
agent=$(kubeconfig_for_token "$(agent_token agent "$NS" "$NODE")" "$dir/agent")

"$E2E_DIR/cluster.sh" stop-apiserver
expect_fail "a request while the API server is stopped" k get --request-timeout=3s configmap before -n "$NS"
"$E2E_DIR/cluster.sh" start-apiserver

assert_eq v "$(k get configmap before -n "$NS" -o jsonpath='{.data.k}')" "data kept across the restart"
name=$(k_with "$agent" auth whoami -o jsonpath="{.status.userInfo.extra['authentication\.kubernetes\.io/node-name'][0]}")
assert_eq "$NODE" "$name" "a token issued before the restart"
log "ok: the API server came back with its data and its tokens"
