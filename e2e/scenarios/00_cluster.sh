#!/usr/bin/env bash
# The cluster itself: the API server answers, RBAC refuses an account with no
# role, and a token bound to a Node carries the node's name (the claim the
# agents' admission policy relies on), for as long as the Node exists.
. "$(dirname "$0")/../lib.sh"

NS=e2e-cluster
NODE=e2e-cluster-node
cleanup() { k delete namespace "$NS" --ignore-not-found --wait=false >/dev/null; delete_node "$NODE"; }
trap cleanup EXIT

# --- the API server answers -------------------------------------------------
assert_eq ok "$(k get --raw /readyz)" "/readyz"
version=$(k version -o json | sed -n 's/.*"gitVersion": "\(v[^"]*\)".*/\1/p' | tail -n 1)
assert_contains "$version" "v1.34." "server version"
log "API server $version at $(api_url)"

k create namespace "$NS" >/dev/null
k create serviceaccount nobody -n "$NS" >/dev/null
k create serviceaccount agent -n "$NS" >/dev/null
dir=$(mktemp -d)
trap 'cleanup; rm -rf "$dir"' EXIT

# --- RBAC refuses an account that has no role ------------------------------
nobody=$(kubeconfig_for_token "$(k create token nobody -n "$NS" --duration=10m)" "$dir/nobody")
# Authenticated (so the refusals below are RBAC's, not authentication's) ...
expect_ok "a plain ServiceAccount token authenticates" k_with "$nobody" auth whoami -o jsonpath='{.status.userInfo.username}'
assert_eq "system:serviceaccount:$NS:nobody" "$E2E_OUT" "whoami username"
# ... and refused.
expect_fail "RBAC: nobody lists configmaps" k_with "$nobody" get configmaps -n "$NS"
assert_contains "$E2E_OUT" "Forbidden" "RBAC refusal"
expect_fail "RBAC: nobody creates a configmap" k_with "$nobody" create configmap x -n "$NS"
assert_contains "$E2E_OUT" "forbidden" "RBAC refusal"
assert_eq no "$(k auth can-i list nodes --as="system:serviceaccount:$NS:nobody" 2>/dev/null || true)" "can-i list nodes"
# A plain token carries no node name.
extra=$(k_with "$nobody" auth whoami -o jsonpath='{.status.userInfo.extra}')
[[ $extra != *node-name* ]] || fail "a token bound to nothing carries a node name: $extra"

# --- a token bound to a Node carries its name ------------------------------
expect_fail "a token bound to a missing Node" agent_token agent "$NS" "$NODE"
create_node "$NODE" kuppet.dev/role=e2e
uid=$(k get node "$NODE" -o jsonpath='{.metadata.uid}')
agent=$(kubeconfig_for_token "$(agent_token agent "$NS" "$NODE")" "$dir/agent")
whoami=$(k_with "$agent" auth whoami -o json)
name=$(k_with "$agent" auth whoami -o jsonpath="{.status.userInfo.extra['authentication\.kubernetes\.io/node-name'][0]}")
assert_eq "$NODE" "$name" "node-name claim of a Node-bound token"
name_uid=$(k_with "$agent" auth whoami -o jsonpath="{.status.userInfo.extra['authentication\.kubernetes\.io/node-uid'][0]}")
assert_eq "$uid" "$name_uid" "node-uid claim of a Node-bound token"
assert_contains "$whoami" "system:serviceaccount:$NS:agent" "whoami of a Node-bound token"
log "ok: a Node-bound token carries node-name=$name node-uid=$name_uid"

# --- and so does one bound to a Pod on that node ---------------------------
k apply -n "$NS" -f - >/dev/null <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: agent-on-node
spec:
  serviceAccountName: agent
  nodeName: $NODE
  containers:
    - name: agent
      image: kuppet.invalid/none
YAML
pod_token=$(k create token agent -n "$NS" --bound-object-kind=Pod --bound-object-name=agent-on-node --duration=10m)
pod=$(kubeconfig_for_token "$pod_token" "$dir/pod")
name=$(k_with "$pod" auth whoami -o jsonpath="{.status.userInfo.extra['authentication\.kubernetes\.io/node-name'][0]}")
assert_eq "$NODE" "$name" "node-name claim of a token bound to a Pod on the node"
log "ok: a Pod-bound token carries node-name=$name"

# --- the Node-bound token dies with the Node -------------------------------
delete_node "$NODE"
refused() { ! k_with "$1" auth whoami >/dev/null 2>&1; }
wait_for 30 "the Node-bound token to be refused" refused "$agent"
expect_fail "token of a deleted Node" k_with "$agent" auth whoami
assert_contains "$E2E_OUT" "Unauthorized" "token of a deleted Node"
log "ok: once the Node is deleted its token is refused"
