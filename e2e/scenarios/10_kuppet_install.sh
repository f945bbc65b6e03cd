#!/usr/bin/env bash
# Issue 5, e2e 1: the CRDs install, the chart lints, and every object the
# chart renders (and manifests/install.yaml, which must be its current
# rendering) validates against a real API server.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"

# The generated files are current (CRDs from the code, install.yaml from the chart).
KUPPET_BIN=$KUPPET_BIN "$REPO_DIR/manifests/render.sh" --check >/dev/null ||
    fail "crds/ or manifests/install.yaml are stale: run manifests/render.sh"

expect_ok "kubectl apply -f crds/" k apply -f "$REPO_DIR/crds/"
wait_for 60 "kuppet's CRDs established" crds_established \
    manifests.kuppet.dev nodefacts.kuppet.dev nodecatalogs.kuppet.dev manifestgrants.kuppet.dev ||
    fail "kuppet's CRDs are not established"
# What kubectl makes of them: names, short names, the printer columns.
assert_contains "$(k api-resources --api-group=kuppet.dev)" "nodecatalogs" "api-resources"
assert_contains "$(k get --raw /apis/kuppet.dev/v1alpha1)" '"shortNames":["ncat"]' "discovery"
# The OpenAPI document follows a new CRD by a few seconds.
wait_for 30 "kubectl explain to know Manifests" k explain manifest.spec.nodeSelector
assert_contains "$(k explain manifest.spec.nodeSelector)" "every Node" "kubectl explain shows the docs"

expect_ok "helm lint" helm lint --strict "$REPO_DIR/charts/kuppet"
expect_ok "helm lint with every option on" helm lint --strict "$REPO_DIR/charts/kuppet" \
    --set metrics.serviceMonitor.enabled=true,agent.metrics.enabled=true,agent.noop=true,agent.splayLimit=5m,controller.compileWorkers=4

k create namespace "$KUPPET_NS" --dry-run=client -o yaml | k apply -f - >/dev/null
rendered=$(helm template kuppet "$REPO_DIR/charts/kuppet" --namespace "$KUPPET_NS" --kube-version 1.34.0)
expect_ok "the chart's objects validate on the server" k apply --dry-run=server -f - <<<"$rendered"
for kind in deployment.apps/kuppet-controller daemonset.apps/kuppet-agent \
    validatingadmissionpolicy.admissionregistration.k8s.io/kuppet-agent-own-node \
    clusterrole.rbac.authorization.k8s.io/kuppet-agent; do
    grep -q "^$kind [a-z]* (server dry run)$" <<<"$E2E_OUT" || fail "dry run of $kind: not in $E2E_OUT"
done
expect_ok "manifests/install.yaml validates on the server" \
    k apply --dry-run=server --server-side --force-conflicts -f "$REPO_DIR/manifests/install.yaml"
expect_ok "the example Manifests validate" k apply --dry-run=server -f "$REPO_DIR/manifests/examples/"
# spec.source and spec.code exclude each other (the CRD's CEL rule).
expect_fail "a Manifest with both source and code is refused" k apply --dry-run=server -f - <<'YAML'
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata: {name: both, namespace: default}
spec:
  source: "notice('x')"
  code: {oci: {url: "oci://127.0.0.1:5000/env:v1"}}
YAML
assert_contains "$E2E_OUT" "not both" "the CEL rule's message"
expect_ok "a Manifest with code alone validates" k apply --dry-run=server -f - <<'YAML'
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata: {name: code, namespace: default}
spec:
  code: {oci: {url: "oci://127.0.0.1:5000/env:v1", interval: 30s}, path: environments/production}
YAML

# The policy's CEL type-checks against the real schemas.
install_kuppet
assert_eq "" "$(policy_type_warnings kuppet-agent-own-node)" "type-check warnings of the agent policy"

# kuppet crds prints what crds/ holds.
assert_eq "$(cat "$REPO_DIR/crds/kuppet.dev.yaml")" "$(kuppet crds)" "kuppet crds"
