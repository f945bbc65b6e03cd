#!/usr/bin/env bash
# Issue 5, e2e 6: an agent's token (the chart's agent ServiceAccount, bound to
# its Node) writes its own NodeCatalog status, NodeFacts and Events, and
# nothing of another node's: the chart's RBAC and ValidatingAdmissionPolicy
# on a real API server.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"

dir=$(mktemp -d)
cleanup() {
    k delete nodecatalog e2e-iso-a e2e-iso-b --ignore-not-found >/dev/null
    k delete nodefacts e2e-iso-a e2e-iso-b --ignore-not-found >/dev/null
    delete_node e2e-iso-a
    delete_node e2e-iso-b
    rm -rf "$dir"
}
trap cleanup EXIT
install_kuppet
create_node e2e-iso-a
create_node e2e-iso-b
for n in e2e-iso-a e2e-iso-b; do
    k apply -f - >/dev/null <<YAML
apiVersion: kuppet.dev/v1alpha1
kind: NodeCatalog
metadata:
  name: $n
spec:
  digest: sha256:0000
  noop: false
YAML
done

a=$(kubeconfig_for_token "$(agent_token "$KUPPET_AGENT_SA" "$KUPPET_NS" e2e-iso-a)" "$dir/a")
plain=$(kubeconfig_for_token "$(k create token "$KUPPET_AGENT_SA" -n "$KUPPET_NS" --duration=10m)" "$dir/plain")
status_patch='{"status":{"observedGeneration":1,"conditions":[]}}'
write_status() { k_with "$1" patch nodecatalog "$2" --subresource=status --type=merge -p "$status_patch"; }
facts() {
    k_with "$1" apply --server-side --field-manager=kuppet-agent -f - <<YAML
apiVersion: kuppet.dev/v1alpha1
kind: NodeFacts
metadata:
  name: $2
spec:
  facts: {os: {family: Debian}}
YAML
}
event() {
    k_with "$1" create -f - <<YAML
apiVersion: events.k8s.io/v1
kind: Event
metadata:
  generateName: $2-
  namespace: default
eventTime: "$(date -u +%Y-%m-%dT%H:%M:%S.000000Z)"
reportingController: kuppet.dev/agent
reportingInstance: e2e-iso-a
action: Apply
reason: ResourceChanged
type: Normal
note: e2e
regarding:
  apiVersion: kuppet.dev/v1alpha1
  kind: NodeCatalog
  name: $2
YAML
}

# The policy reaches admission through an informer: wait until it bites.
denied() { ! write_status "$a" e2e-iso-b >/dev/null 2>&1; }
wait_for 30 "the agent admission policy to take effect" denied

expect_ok "node a's agent writes its NodeCatalog status" write_status "$a" e2e-iso-a
expect_fail "node a's agent writes node b's NodeCatalog status" write_status "$a" e2e-iso-b
assert_contains "$E2E_OUT" "the kuppet agent of node e2e-iso-a may not write nodecatalogs e2e-iso-b" "denial message"
expect_ok "node a's agent writes its NodeFacts" facts "$a" e2e-iso-a
expect_fail "node a's agent writes node b's NodeFacts" facts "$a" e2e-iso-b
assert_contains "$E2E_OUT" "may not write nodefacts e2e-iso-b" "denial message"
expect_ok "node a's agent reports an Event about its NodeCatalog" event "$a" e2e-iso-a
expect_fail "node a's agent reports an Event about node b's" event "$a" e2e-iso-b
assert_contains "$E2E_OUT" "may not write Events about e2e-iso-b" "denial message"

# RBAC: nothing beyond what the agent needs.
expect_fail "the agent rewrites a catalog (spec)" \
    k_with "$a" patch nodecatalog e2e-iso-a --type=merge -p '{"spec":{"noop":true}}'
assert_contains "$E2E_OUT" "forbidden" "RBAC refusal"
expect_fail "the agent lists Nodes" k_with "$a" get nodes
expect_fail "the agent reads Manifests" k_with "$a" get manifests -A
expect_fail "the agent reads Secrets" k_with "$a" get secrets -n "$KUPPET_NS"
expect_ok "the agent reads NodeCatalogs" k_with "$a" get nodecatalog e2e-iso-a

# The agent's account without a node-bound token writes nothing.
expect_fail "a token with no node name" write_status "$plain" e2e-iso-a
assert_contains "$E2E_OUT" "carries no node name" "denial message"

assert_eq "" "$(k get nodecatalog e2e-iso-b -o jsonpath='{.status.observedGeneration}')" "node b's status untouched"
if k get nodefacts e2e-iso-b >/dev/null 2>&1; then
    fail "node b's NodeFacts were written by node a's agent"
fi
