#!/usr/bin/env bash
# Issue 15, real node 1: `helm install` of charts/kuppet with the image built
# here (image/build.sh); the controller's two pods and the agent's pod run
# under the real kubelet; the agent publishes the node's facts; `kubectl apply
# -f manifests/examples/` converges the node: Manifests and NodeCatalog Ready,
# Events listed, the files in the node's root (not in the container, not on
# this machine). A simulated node with its agent as a process runs beside it,
# served by the same controller pods. Measures helm install -> first NodeCatalog Ready and the
# agent pod's memory at rest and during a run of 1,000 resources.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_real_node
N=$REAL_NODE_NAME

SIM=e2e-real-sim
cleanup() {
    k delete manifest e2e-load -n default --ignore-not-found >/dev/null 2>&1 || true
    delete_node "$SIM" 2>/dev/null || true
}
trap cleanup EXIT

# --- helm install, from nothing ----------------------------------------------
helm uninstall "$KUPPET_RELEASE" -n "$KUPPET_NS" --wait >/dev/null 2>&1 || true
forget_process_install
if k get crd nodecatalogs.kuppet.dev >/dev/null 2>&1; then
    k delete nodecatalog "$N" --ignore-not-found >/dev/null
    k delete nodefacts "$N" --ignore-not-found >/dev/null
fi
k delete lease kuppet-controller -n "$KUPPET_NS" --ignore-not-found >/dev/null
# The users example selects kuppet.dev/admins=true nodes; it needs sudo, which
# a machine may not have: this node is not one.
k label node "$N" kuppet.dev/admins- >/dev/null 2>&1 || true
real_node_image e2e
machine_motd=$(sha256sum /etc/motd 2>/dev/null || echo none)

t0=$(now_ms)
install_chart
# (kubectl wait fails at once while the object does not exist: poll it.)
wait_for 180 "the first NodeCatalog of $N to be Ready" \
    k wait --for=condition=Ready --timeout=2s "nodecatalog/$N" || fail "no Ready NodeCatalog after helm install"
measure "helm install to the first NodeCatalog Ready (real node, image built here)" "$(seconds_since "$t0")"
wait_chart_ready

pods=$(k get pods -n "$KUPPET_NS" -o jsonpath='{range .items[*]}{.metadata.labels.app\.kubernetes\.io/component} {.spec.nodeName} {.status.phase}{"\n"}{end}')
log "pods:"$'\n'"$pods"
assert_eq 2 "$(grep -c "^controller $N Running$" <<<"$pods")" "controller pods running on the real node"
assert_eq 1 "$(grep -c "^agent $N Running$" <<<"$pods")" "agent pods running on the real node"
assert_eq "$KUPPET_IMAGE_REPO:e2e" "$(k get pod -n "$KUPPET_NS" "$(agent_pod)" -o jsonpath='{.spec.containers[0].image}')" "the agent's image"
holder=$(k get lease kuppet-controller -n "$KUPPET_NS" -o jsonpath='{.spec.holderIdentity}')
if [[ $holder != kuppet-controller-* ]] || ! k get pod -n "$KUPPET_NS" "$holder" >/dev/null; then
    fail "the Lease's holder '$holder' is not one of the controller pods (in-cluster leader election)"
fi
log "ok: leader elected between the pods: $holder"

# The facts come from the node's root, as the agent pod sees it at /host.
facts=$(k get nodefacts "$N" -o jsonpath='{.spec.facts.os.family} {.spec.facts.os.release.major}')
assert_eq "Debian $(cut -d. -f1 /etc/debian_version)" "$facts" "the agent pod's facts (os family, release)"

# --- the examples ------------------------------------------------------------
first_digest=$(digest_of "$N")
# This run's Events only; the node's /etc/motd as this machine's.
k delete events -n default --field-selector "involvedObject.name=$N" >/dev/null
if [[ -f /etc/motd ]]; then cp /etc/motd "$NODE_ROOT/etc/motd"; else rm -f "$NODE_ROOT/etc/motd"; fi
t0=$(now_ms)
expect_ok "kubectl apply -f manifests/examples/" k apply -f "$REPO_DIR/manifests/examples/"
wait_for 60 "a catalog with the examples" catalog_changed "$N" "$first_digest"
wait_for 120 "the agent pod to run the examples' catalog" catalog_ran "$N"
# Service resources need systemd as PID 1 and packages need a mirror: where
# this machine has neither (a sandbox VM; pods have no route out), the ntp
# and sshd examples fail there, and only there.
if [[ $(k get nodecatalog "$N" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}') != True ]]; then
    failed=$(k get nodecatalog "$N" -o jsonpath='{range .status.failedResources[*]}{.source}{"\t"}{.resource}{"\n"}{end}')
    i=0
    while IFS=$'\t' read -r source resource; do
        [[ -n $source ]] || continue
        message=$(k get nodecatalog "$N" -o jsonpath="{.status.failedResources[$i].message}")
        i=$((i + 1))
        case $source in
        default/ntp.pp:* | default/sshd.pp:*)
            log "cannot converge on this machine: $resource ($source): $(grep -v '^ *$' <<<"$message" | tail -n 1)" ;;
        *) fail "$resource ($source) failed on the real node: $message" ;;
        esac
    done <<<"$failed"
    log "removing the ntp and sshd examples (systemd and package mirrors are not available to this node)"
    k delete manifest ntp sshd -n default --wait=true >/dev/null
fi
expect_ok "the examples' Manifests become Ready" \
    k wait --for=condition=Ready --timeout=120s -n default manifest/motd manifest/users
expect_ok "the node's NodeCatalog is Ready" k wait --for=condition=Ready --timeout=60s "nodecatalog/$N"
measure "kubectl apply -f manifests/examples/ to Ready (real node)" "$(seconds_since "$t0")"
log "kubectl get manifests,nodecatalogs:"$'\n'"$(k get manifests,nodecatalogs -A)"

# The file is in the node's root: on this machine, under NODE_ROOT (the
# overlay's upper layer holds it), and nowhere else: not in the container's
# own root filesystem, not in this machine's /etc.
motd=$(cat "$NODE_ROOT/etc/motd")
assert_contains "$motd" "$N: Debian" "the node's /etc/motd"
[[ -f $NODE_DIR/overlay/upper/etc/motd ]] || fail "/etc/motd is not in the overlay's upper layer"
assert_eq "$machine_motd" "$(sha256sum /etc/motd 2>/dev/null || echo none)" "this machine's own /etc/motd is untouched"
pid=$(agent_pid)
[[ ! -e /proc/$pid/root/etc/motd ]] || fail "the agent wrote /etc/motd into its container"
assert_eq "$motd" "$(cat "/proc/$pid/root/host/etc/motd")" "the node's /etc/motd as the agent pod sees it at /host"
log "ok: /etc/motd is in the node's root, not in the container"

events=$(k events -n default --for "nodecatalog/$N")
assert_contains "$events" "ResourceChanged" "Events of the node's NodeCatalog"
assert_contains "$events" "/etc/motd" "Events of the node's NodeCatalog"
log "ok: Events:"$'\n'"$(grep -m 5 ResourceChanged <<<"$events")"

# A simulated node beside the real one: its agent is a process with a token
# of the release's agent account bound to its Node; the controller pods
# compile its catalog too.
counts() { k get manifest motd -n default -o jsonpath='{.status.selectedNodes} {.status.compiledNodes} {.status.appliedNodes}'; }
read -r selected _ _ <<<"$(counts)"
fresh_node "$SIM"
start_agent "$SIM"
wait_for 60 "the simulated node's NodeCatalog" k get nodecatalog "$SIM"
expect_ok "the simulated node's NodeCatalog is Ready" k wait --for=condition=Ready --timeout=60s "nodecatalog/$SIM"
assert_contains "$(cat "$(node_root "$SIM")/etc/motd")" "$SIM: " "the simulated node's /etc/motd"
n=$((selected + 1))
motd_counts() { [[ $(counts) == "$n $n $n" ]]; }
wait_for 30 "motd to count the simulated node too" motd_counts
log "ok: a simulated node converges beside the real one"
stop_bg "agent-$SIM"
delete_node "$SIM"

# --- the agent pod's memory (working set) at rest and during a run -----------
cid=$(agent_container)
sleep 2
rest=$(container_working_set "$cid") || fail "no memory cgroup for container $cid"
measure "agent pod working set at rest" "$(mib "$rest")" " MiB"
load=$(cat <<'PP'
file { '/var/lib/kuppet-e2e-load': ensure => directory }
range(1, 1000).each |$i| {
  file { "/var/lib/kuppet-e2e-load/f${i}":
    ensure  => file,
    mode    => '0644',
    content => "file ${i} of 1000 on ${trusted['certname']}\n",
  }
}
PP
)
rm -rf "$NODE_ROOT/var/lib/kuppet-e2e-load"
samples=$E2E_STATE/agent-memory.samples
: >"$samples"
(while true; do container_working_set "$cid" >>"$samples" 2>/dev/null || true; sleep 0.1; done) &
sampler=$!
before=$(digest_of "$N")
apply_manifest e2e-load "{$REAL_NODE_LABEL: \"true\"}" "$load"
wait_for 60 "the catalog with 1,000 more files" catalog_changed "$N" "$before"
wait_for 180 "the run of 1,000 files" catalog_ran "$N"
kill "$sampler"
wait "$sampler" 2>/dev/null || true
peak=$(sort -n "$samples" | tail -n 1)
measure "agent pod working set during a run of 1,000 files (peak of $(wc -l <"$samples") samples)" "$(mib "$peak")" " MiB"
measure "agent run of 1,000 files in the pod (status.lastRun.durationSeconds)" \
    "$(k get nodecatalog "$N" -o jsonpath='{.status.lastRun.durationSeconds}')"
assert_eq 1000 "$(find "$NODE_ROOT/var/lib/kuppet-e2e-load" -type f | wc -l)" "files written by the run"
assert_eq "0 Changed" "$(k get nodecatalog "$N" -o jsonpath='{.status.resources.failed} {.status.lastRun.outcome}')" "the load run"
sleep 3
measure "agent pod working set at rest after that run" "$(mib "$(container_working_set "$cid")")" " MiB"
