#!/usr/bin/env bash
# Issue 15, real node 3: the agent pod's projected service-account token (the
# kubelet's, bound to the pod) carries the node name the chart's admission
# policy checks: with it, writes to its own NodeCatalog status and NodeFacts
# pass, and the same writes to another node's objects are refused.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_real_node
N=$REAL_NODE_NAME
OTHER=e2e-real-other
install_chart
wait_chart_ready

dir=$(mktemp -d)
cleanup() {
    delete_node "$OTHER"
    k delete nodecatalog "$OTHER" --ignore-not-found >/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT

# The pod's own token, as the kubelet wrote it into the pod's projected
# volume (this test runs on the node, as root).
pod=$(agent_pod)
uid=$(k get pod -n "$KUPPET_NS" "$pod" -o jsonpath='{.metadata.uid}')
# (the API server's token, not the content endpoint's in volume content-token)
token_file=$(find "$NODE_DIR/kubelet/pods/$uid/volumes/kubernetes.io~projected" -name token -not -path '*/content-token/*' 2>/dev/null | head -n 1)
[[ -n $token_file ]] || fail "no projected token for pod $pod under $NODE_DIR/kubelet/pods/$uid"
cfg=$(kubeconfig_for_token "$(cat "$token_file")" "$dir/agent")

who=$(k_with "$cfg" auth whoami -o jsonpath='{.status.userInfo.username} {.status.userInfo.extra.authentication\.kubernetes\.io/node-name[0]} {.status.userInfo.extra.authentication\.kubernetes\.io/pod-name[0]}')
assert_eq "system:serviceaccount:$KUPPET_NS:kuppet-agent $N $pod" "$who" "the pod token's user, node and pod"
log "ok: the projected token is bound to pod $pod on node $N"

# The agent's own writes went through: its facts, its catalog's status.
assert_eq "kuppet-agent" "$(k get nodefacts "$N" -o jsonpath='{.metadata.managedFields[?(@.manager=="kuppet-agent")].manager}')" \
    "NodeFacts written by the agent pod"
wait_for 120 "the agent pod's first run status" bash -c \
    "[[ -n \$(kubectl --request-timeout=20s get nodecatalog $N -o jsonpath='{.status.lastRun.time}') ]]" ||
    fail "no status written by the agent pod"

# Another node, with a NodeCatalog the token may not touch.
create_node "$OTHER"
k apply -f - >/dev/null <<YAML
apiVersion: kuppet.dev/v1alpha1
kind: NodeCatalog
metadata:
  name: $OTHER
spec:
  digest: sha256:0000
  noop: false
YAML
patch='{"status":{"observedGeneration":1}}'
expect_ok "the pod's token writes its own NodeCatalog status" \
    k_with "$cfg" patch nodecatalog "$N" --subresource=status --type=merge -p "$patch" --dry-run=server
expect_fail "the pod's token writes another node's NodeCatalog status" \
    k_with "$cfg" patch nodecatalog "$OTHER" --subresource=status --type=merge -p "$patch" --dry-run=server
assert_contains "$E2E_OUT" "the kuppet agent of node $N may not write nodecatalogs $OTHER" "the policy's refusal"
facts() {
    k_with "$cfg" apply --server-side --field-manager=kuppet-agent --dry-run=server -f - <<YAML
apiVersion: kuppet.dev/v1alpha1
kind: NodeFacts
metadata:
  name: $1
spec:
  facts: {os: {family: Debian}}
YAML
}
expect_ok "the pod's token writes its own NodeFacts" facts "$N"
expect_fail "the pod's token writes another node's NodeFacts" facts "$OTHER"
assert_contains "$E2E_OUT" "may not write nodefacts $OTHER" "the policy's refusal"
log "ok: the admission policy tells the agent pod's own node from another"
