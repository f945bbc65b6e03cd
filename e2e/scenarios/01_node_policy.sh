#!/usr/bin/env bash
# The admission idea behind kuppet's agent policy: a ValidatingAdmissionPolicy
# keyed on the node-name claim of the agent's token lets each agent write
# only the object named after its own node (shown here on ConfigMaps, with
# e2e/testdata/node-name-policy.yaml).
. "$(dirname "$0")/../lib.sh"

NS=e2e-policy          # the policy's binding and match condition name it
POLICY=$E2E_DIR/testdata/node-name-policy.yaml
dir=$(mktemp -d)
cleanup() {
    k delete -f "$POLICY" --ignore-not-found >/dev/null
    k delete namespace "$NS" --ignore-not-found --wait=false >/dev/null
    delete_node node-a
    delete_node node-b
    rm -rf "$dir"
}
trap cleanup EXIT

k create namespace "$NS" >/dev/null
k create serviceaccount agent -n "$NS" >/dev/null
k create serviceaccount other -n "$NS" >/dev/null
# RBAC lets both accounts write every ConfigMap of the namespace: narrowing
# that to one name per node is the policy's job.
k create role configmaps -n "$NS" --verb=get,list,create,update,patch --resource=configmaps >/dev/null
k create rolebinding configmaps -n "$NS" --role=configmaps \
    --serviceaccount="$NS:agent" --serviceaccount="$NS:other" >/dev/null
create_node node-a
create_node node-b
k create configmap node-b -n "$NS" --from-literal=owner=admin >/dev/null

a=$(kubeconfig_for_token "$(agent_token agent "$NS" node-a)" "$dir/a")
plain=$(kubeconfig_for_token "$(k create token agent -n "$NS" --duration=10m)" "$dir/plain")
other=$(kubeconfig_for_token "$(agent_token other "$NS" node-a)" "$dir/other")

# Before the policy, RBAC alone lets node-a's agent write node-b's object.
expect_ok "without the policy, node-a's agent may update node-b" \
    k_with "$a" label configmap node-b -n "$NS" seen-by=node-a --overwrite

k apply -f "$POLICY" >/dev/null
warnings=$(policy_type_warnings e2e-node-name-configmaps)
[[ -z $warnings ]] || fail "the policy's CEL does not type-check: $warnings"
# Policies reach admission through an informer: wait until it bites.
denied() { ! k_with "$a" label configmap node-b -n "$NS" seen-by=node-a-again --overwrite >/dev/null 2>&1; }
wait_for 30 "the policy to take effect" denied

# Denied: another node's object, on create and on update.
expect_fail "node-a's agent updates ConfigMap node-b" \
    k_with "$a" label configmap node-b -n "$NS" seen-by=node-a-2 --overwrite
assert_contains "$E2E_OUT" "ValidatingAdmissionPolicy 'e2e-node-name-configmaps'" "denial names the policy"
assert_contains "$E2E_OUT" "the agent of node node-a may not write ConfigMap node-b" "denial message"
expect_fail "node-a's agent creates ConfigMap node-c" k_with "$a" create configmap node-c -n "$NS"
assert_contains "$E2E_OUT" "may not write ConfigMap node-c" "denial message"

# Allowed: its own node's object, create then update.
expect_ok "node-a's agent creates ConfigMap node-a" k_with "$a" create configmap node-a -n "$NS" --from-literal=x=1
expect_ok "node-a's agent updates ConfigMap node-a" k_with "$a" label configmap node-a -n "$NS" applied=yes

# Denied: the same account with a token that carries no node name.
expect_fail "the agent account without a node-bound token" \
    k_with "$plain" label configmap node-a -n "$NS" applied=again --overwrite
assert_contains "$E2E_OUT" "carries no node name" "denial message"

# Not matched: another account (RBAC only) and the admin.
expect_ok "another account is not restricted by the policy" \
    k_with "$other" label configmap node-b -n "$NS" seen-by=other --overwrite
expect_ok "the admin is not restricted by the policy" k create configmap anything -n "$NS"

assert_eq "admin" "$(k get configmap node-b -n "$NS" -o jsonpath='{.data.owner}')" "node-b untouched by node-a's agent"
