#!/usr/bin/env bash
# Issue 15, real node 5: `helm upgrade` to a new image tag (and the agent's
# metrics and liveness probe on) rolls the agent DaemonSet (and the
# controller Deployment) and the new agent pod converges;
# `helm uninstall` removes every object the chart made and its pods; the
# NodeCatalog and NodeFacts stay with their Node, and go when it goes. The
# kubelet then registers the Node again.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_real_node
N=$REAL_NODE_NAME
install_chart
wait_chart_ready

cleanup() { k delete manifest e2e-lifecycle -n default --ignore-not-found >/dev/null 2>&1 || true; }
trap cleanup EXIT

# --- helm upgrade with a new image tag ----------------------------------------
real_node_image e2e e2e-next
old_pod=$(agent_pod)
revision=$(helm history "$KUPPET_RELEASE" -n "$KUPPET_NS" --max 1 -o yaml | awk '$1 == "revision:" {print $2}')
t0=$(now_ms)
install_chart --set image.tag=e2e-next,agent.metrics.enabled=true
expect_ok "the agent DaemonSet rolls out" k rollout status daemonset/kuppet-agent -n "$KUPPET_NS" --timeout=120s
expect_ok "the controller Deployment rolls out" k rollout status deployment/kuppet-controller -n "$KUPPET_NS" --timeout=120s
measure "helm upgrade to a new image tag, rolled out (real node)" "$(seconds_since "$t0")"
new_pod=$(agent_pod)
[[ $new_pod != "$old_pod" ]] || fail "the agent pod was not replaced"
assert_eq "$KUPPET_IMAGE_REPO:e2e-next" "$(k get pod -n "$KUPPET_NS" "$new_pod" -o jsonpath='{.spec.containers[0].image}')" "the new agent pod's image"
assert_eq "$((revision + 1))" "$(helm history "$KUPPET_RELEASE" -n "$KUPPET_NS" --max 1 -o yaml | awk '$1 == "revision:" {print $2}')" "the release's revision"
# (rollout status returns once the new pods are ready; the old ones may still be terminating.)
controller_images() {
    [[ $(k get pods -n "$KUPPET_NS" -l app.kubernetes.io/component=controller -o jsonpath='{.items[*].spec.containers[0].image}') == "$1 $1" ]]
}
wait_for 60 "only the two upgraded controller pods" controller_images "$KUPPET_IMAGE_REPO:e2e-next"
for p in $(k get pods -n "$KUPPET_NS" -l app.kubernetes.io/component=controller -o name); do
    assert_eq "$KUPPET_IMAGE_REPO:e2e-next" "$(k get -n "$KUPPET_NS" "$p" -o jsonpath='{.spec.containers[0].image}')" "$p's image"
done
# Its /healthz and /metrics on the pod network, where the kubelet probes them.
pod_ip=$(k get pod -n "$KUPPET_NS" "$new_pod" -o jsonpath='{.status.podIP}')
pod_get() {
    local line body=0
    exec 3<>"/dev/tcp/$pod_ip/8081" || return 1
    printf 'GET %s HTTP/1.0\r\nHost: %s\r\n\r\n' "$1" "$pod_ip" >&3
    while IFS= read -r line <&3 || [[ -n $line ]]; do
        if ((body)); then printf '%s\n' "$line"; elif [[ $line == $'\r' || -z $line ]]; then body=1; fi
    done
    exec 3<&-
}
wait_for 30 "the agent pod's /healthz at $pod_ip:8081" pod_get /healthz
assert_contains "$(pod_get /metrics)" "kuppet_agent_runs_total" "the agent pod's /metrics"
assert_eq "/healthz" "$(k get pod -n "$KUPPET_NS" "$new_pod" -o jsonpath='{.spec.containers[0].livenessProbe.httpGet.path}')" "the agent's liveness probe"
# The new agent converges a change.
before=$(digest_of "$N")
apply_manifest e2e-lifecycle "{$REAL_NODE_LABEL: \"true\"}" "file { '/etc/kuppet-e2e-upgraded': content => \"by the upgraded agent\\n\" }"
wait_for 60 "the catalog with the change" catalog_changed "$N" "$before"
expect_ok "the upgraded agent applies it" k wait --for=condition=Ready --timeout=60s -n default manifest/e2e-lifecycle
assert_eq "by the upgraded agent" "$(cat "$NODE_ROOT/etc/kuppet-e2e-upgraded")" "the file the upgraded agent wrote"
rm -f "$NODE_ROOT/etc/kuppet-e2e-upgraded"
k delete manifest e2e-lifecycle -n default --wait=true >/dev/null

# --- helm uninstall -----------------------------------------------------------
objects=$(helm get manifest "$KUPPET_RELEASE" -n "$KUPPET_NS" | k get -f - -o jsonpath='{range .items[*]}{.kind}/{.metadata.name}{" "}{.metadata.namespace}{"\n"}{end}')
count=$(wc -l <<<"$objects")
((count >= 10)) || fail "the release has only $count objects: $objects"
t0=$(now_ms)
expect_ok "helm uninstall" helm uninstall "$KUPPET_RELEASE" -n "$KUPPET_NS" --wait --timeout 120s
while read -r ref ns; do
    [[ -n $ref ]] || continue
    if k get "$ref" ${ns:+-n "$ns"} >/dev/null 2>&1; then fail "$ref is still there after helm uninstall"; fi
done <<<"$objects"
no_pods() { [[ -z $(k get pods -n "$KUPPET_NS" -o name) ]]; }
wait_for 60 "the chart's pods to go" no_pods
no_containers() { [[ -z $(real_node_crictl ps -q) ]]; }
wait_for 60 "the node's containers to go" no_containers
measure "helm uninstall to every pod and container gone (real node)" "$(seconds_since "$t0")"
log "ok: helm uninstall removed the release's $count objects and its pods"
# Not the chart's: the node's catalog and facts (owned by the Node), and the
# leader Lease (the controller's).
k get nodecatalog "$N" >/dev/null || fail "the NodeCatalog went with the release"
k get nodefacts "$N" >/dev/null || fail "the NodeFacts went with the release"

# --- the Node goes: its NodeCatalog and NodeFacts go with it --------------------
delete_node "$N"
gone() { ! k get "$@" >/dev/null 2>&1; }
wait_for 60 "the NodeCatalog of the deleted Node to be collected" gone nodecatalog "$N"
wait_for 60 "the NodeFacts of the deleted Node to be collected" gone nodefacts "$N"
log "ok: the NodeCatalog and NodeFacts went with their Node"
# The kubelet registers its Node only at start.
"$E2E_DIR/node.sh" restart-kubelet
expect_ok "the Node is back" k wait --for=condition=Ready --timeout=60s "node/$N"
assert_eq true "$(k get node "$N" -o jsonpath="{.metadata.labels.${REAL_NODE_LABEL//./\\.}}")" "the real node's label"
