#!/usr/bin/env bash
# Issue 16: fleet scale without agents. N Node objects (KUPPET_E2E_FLEET,
# default 1000) with NodeFacts of 5 roles, one Manifest whose catalog depends
# on the role; measures, for the first compile of every node and for an edit:
# the time until every node's NodeCatalog holds the Manifest's generation,
# the compiles the controller actually ran (the rest reused), its peak
# memory (VmHWM), the API server's write requests for NodeCatalogs per
# second and its request rate over all resources, and the CPU seconds the
# controller, the API server and etcd spent. Then a standby replica takes
# over from the stopped leader and writes the next edit to every node.
# KUPPET_E2E_FLEET=5000 takes longer: give it KUPPET_E2E_TIMEOUT=1500.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply

N=${KUPPET_E2E_FLEET:-1000}
ROLES=(web db cache queue batch)
saved=$E2E_STATE/fleet-other-manifests.json
rm -f "$saved"
cleanup() {
    k delete manifest fleet -n default --ignore-not-found >/dev/null
    [[ -s $saved ]] && k apply -f "$saved" >/dev/null || true
    k delete nodefacts -l e2e-fleet=1 --wait=false >/dev/null 2>&1 || true
    k delete nodecatalogs -l e2e-fleet=1 --wait=false >/dev/null 2>&1 || true
    k delete nodes -l e2e-fleet=1 --wait=false >/dev/null 2>&1 || true
}
trap cleanup EXIT
install_kuppet
# The other Manifests of namespace default (the examples' motd selects every
# node and names each node in its content: no two catalogs would be alike)
# step aside for the measurement and come back after it.
k get manifests -n default -o json | python3 -c '
import json, sys
items = []
for i in json.load(sys.stdin)["items"]:
    meta = {k: i["metadata"][k] for k in ("name", "namespace", "labels") if k in i["metadata"]}
    items.append({"apiVersion": i["apiVersion"], "kind": i["kind"], "metadata": meta, "spec": i["spec"]})
json.dump({"apiVersion": "v1", "kind": "List", "items": items}, sys.stdout)
' >"$saved" || fail "could not save the other Manifests"
k delete manifests --all -n default >/dev/null

# --- N nodes and their facts, written in bulk (as agents would, once) ---------
objects=$E2E_STATE/fleet-objects
rm -rf "$objects"
mkdir -p "$objects"
t0=$(now_ms)
for ((i = 0; i < N; i++)); do
    name=$(printf 'e2e-fleet-%05d' "$i")
    role=${ROLES[i % ${#ROLES[@]}]}
    zone=zone-$((i % 3))
    batch=$objects/batch-$((i / 500)).yaml
    cat >>"$batch" <<EOF
---
apiVersion: v1
kind: Node
metadata:
  name: $name
  labels: {kubernetes.io/hostname: $name, role: $role, topology.kubernetes.io/zone: $zone, e2e-fleet: "1"}
---
apiVersion: kuppet.dev/v1alpha1
kind: NodeFacts
metadata:
  name: $name
  labels: {e2e-fleet: "1"}
spec:
  agentVersion: e2e
  facts:
    kernel: Linux
    os: {family: Debian, name: Debian, release: {major: "12", full: "12.8"}}
    networking: {hostname: $name, fqdn: $name.example.com, ip: 10.0.$((i / 250)).$((i % 250 + 1))}
    processors: {count: $((2 + (i % ${#ROLES[@]}) * 2))}
    memory: {system: {total_bytes: 8589934592}}
    role: $role
EOF
done
for f in "$objects"/batch-*.yaml; do
    k apply --server-side -f "$f" >/dev/null || fail "could not create the nodes of $f"
done
measure "creating $N Nodes and NodeFacts" "$(seconds_since "$t0")"

metrics_port=$(free_port)
start_controller controller-fleet --metrics-addr "127.0.0.1:$metrics_port"
wait_for 60 "the controller's metrics" curl -fsS "http://127.0.0.1:$metrics_port/metrics"
# The figures are this controller's: it must lead (a chart's controller
# left running by an earlier scenario would do the work instead).
leads() { [[ $(k get lease kuppet-controller -n "$KUPPET_NS" -o jsonpath='{.spec.holderIdentity}') == controller-fleet ]]; }
wait_for 60 "the fleet controller to take the Lease (is another controller running?)" leads
# compiles RESULT: compiles that ran (compiled) or were reused (reused).
compiles() {
    curl -fsS "http://127.0.0.1:$metrics_port/metrics" |
        awk -v r="result=\"$1\"" '/^kuppet_compile_reuse_total/ && index($0, r) {s += $NF} END {printf "%d", s}'
}
catalog_writes() {
    kubectl get --raw /metrics |
        awk '/^apiserver_request_total\{/ && /resource="nodecatalogs"/ && /verb="(APPLY|PATCH|CREATE|UPDATE|POST|PUT)"/ {s += $NF} END {printf "%d", s}'
}
# api_requests: every request the API server answered but watches.
api_requests() {
    kubectl get --raw /metrics |
        awk '/^apiserver_request_total\{/ && !/verb="WATCH"/ {s += $NF} END {printf "%d", s}'
}
# cpu_ticks NAME: user+system clock ticks of a process started with start_bg.
cpu_ticks() {
    local pid
    pid=$(bg_pid "$1") || { echo 0; return; }
    awk '{print $14 + $15}' "/proc/$pid/stat"
}
controller_metric() {
    curl -fsS "http://127.0.0.1:$metrics_port/metrics" | awk -v m="$1" '$1 == m {printf "%d", $2}'
}
hz=$(getconf CLK_TCK)

manifest() {
    apply_manifest fleet '{e2e-fleet: "1"}' "$(
        cat <<PP
\$r = \$facts['role']
\$conf = {
  'web'   => {'port' => 80,   'workers' => \$facts['processors']['count'] * 2},
  'db'    => {'port' => 5432, 'workers' => \$facts['processors']['count']},
  'cache' => {'port' => 6379, 'workers' => 1},
  'queue' => {'port' => 5672, 'workers' => 4},
  'batch' => {'port' => 0,    'workers' => \$facts['processors']['count'] * 4},
}[\$r]
file { '/etc/fleet': ensure => directory }
range(1, 20).each |\$n| {
  file { "/etc/fleet/\${r}-\${n}.conf":
    ensure  => file,
    content => "role=\${r} port=\${conf['port']} workers=\${conf['workers']} n=\${n} rev=$1\n",
  }
}
package { ["\${r}-server", 'curl', 'vim']: ensure => installed }
service { "\${r}-server": ensure => running, enable => true, require => Package["\${r}-server"] }
user { \$r: ensure => present, managehome => true }
PP
    )"
}
# all_written GEN: every node's NodeCatalog holds generation GEN of the Manifest.
all_written() {
    [[ $(k get manifest fleet -n default -o jsonpath='{.status.compiledNodes} {.status.observedGeneration}') == "$N $1" ]]
}

for pass in first edit; do
    c0=$(compiles compiled) r0=$(compiles reused) w0=$(catalog_writes) a0=$(api_requests)
    th0=$(controller_metric kuppet_api_writes_throttled_total)
    cpu0=("$(cpu_ticks controller-fleet)" "$(cpu_ticks kube-apiserver)" "$(cpu_ticks etcd)")
    t0=$(now_ms)
    manifest "$pass"
    gen=$(k get manifest fleet -n default -o jsonpath='{.metadata.generation}')
    wait_for $((300 + N / 10)) "every NodeCatalog written ($pass)" all_written "$gen"
    secs=$(seconds_since "$t0")
    cpu1=("$(cpu_ticks controller-fleet)" "$(cpu_ticks kube-apiserver)" "$(cpu_ticks etcd)")
    measure "$pass: Manifest apply to all $N NodeCatalogs written" "$secs"
    measure "$pass: compiles run for $N nodes of ${#ROLES[@]} roles" "$(($(compiles compiled) - c0))" ""
    measure "$pass: catalogs reused" "$(($(compiles reused) - r0))" ""
    writes=$(($(catalog_writes) - w0))
    measure "$pass: NodeCatalog writes to the API server" "$writes" ""
    measure "$pass: NodeCatalog writes per second" "$(awk -v w="$writes" -v s="$secs" 'BEGIN {printf "%.0f", w / s}')" "/s"
    requests=$(($(api_requests) - a0))
    measure "$pass: API server requests (all but watches)" "$requests" ""
    measure "$pass: API server request rate" "$(awk -v w="$requests" -v s="$secs" 'BEGIN {printf "%.0f", w / s}')" "/s"
    measure "$pass: writes throttled by the controller's rate limit" "$(($(controller_metric kuppet_api_writes_throttled_total) - th0))" ""
    measure "$pass: CPU seconds of controller / kube-apiserver / etcd" "$(awk -v hz="$hz" \
        -v a="$((cpu1[0] - cpu0[0]))" -v b="$((cpu1[1] - cpu0[1]))" -v c="$((cpu1[2] - cpu0[2]))" \
        'BEGIN {printf "%.1f / %.1f / %.1f", a / hz, b / hz, c / hz}')" ""
    pid=$(bg_pid controller-fleet) || fail "the controller is not running"
    measure "$pass: controller peak memory so far (VmHWM), $N nodes" "$(($(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status") / 1024))" " MiB"
done
pid=$(bg_pid controller-fleet) || fail "the controller is not running"
measure "controller peak memory (VmHWM), $N nodes" "$(($(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status") / 1024))" " MiB"

# --- Two replicas: a standby takes the fleet over -----------------------------
# A second controller stands by (it holds no caches until it leads). The
# leader stops (SIGTERM gives the Lease up) and the Manifest is edited at
# once: the standby takes the Lease, fills its caches and writes the edit to
# every node, each NodeCatalog once.
standby_port=$(free_port)
start_controller controller-fleet-2 --metrics-addr "127.0.0.1:$standby_port"
wait_for 60 "the standby's metrics" curl -fsS "http://127.0.0.1:$standby_port/metrics"
pid2=$(bg_pid controller-fleet-2) || fail "the standby is not running"
measure "standby controller memory while the leader leads (VmRSS), $N nodes" "$(($(awk '/^VmRSS:/ {print $2}' "/proc/$pid2/status") / 1024))" " MiB"
w0=$(catalog_writes)
t0=$(now_ms)
stop_bg controller-fleet
manifest failover
gen=$(k get manifest fleet -n default -o jsonpath='{.metadata.generation}')
leads2() { [[ $(k get lease kuppet-controller -n "$KUPPET_NS" -o jsonpath='{.spec.holderIdentity}') == controller-fleet-2 ]]; }
wait_for 30 "the standby to take the Lease" leads2
measure "failover: leader stopped to the standby leading" "$(seconds_since "$t0")"
wait_for $((300 + N / 10)) "every NodeCatalog written by the new leader" all_written "$gen"
measure "failover: leader stopped and Manifest edited to all $N NodeCatalogs written by the standby" "$(seconds_since "$t0")"
writes=$(($(catalog_writes) - w0))
measure "failover: NodeCatalog writes to the API server" "$writes" ""
((writes >= N && writes <= N + N / 10)) || fail "the new leader wrote $writes NodeCatalogs for $N nodes (each once expected)"
measure "failover: compiles the new leader ran" "$(metrics_port=$standby_port compiles compiled)" ""
measure "failover: new leader's peak memory (VmHWM), $N nodes" "$(($(awk '/^VmHWM:/ {print $2}' "/proc/$pid2/status") / 1024))" " MiB"

# Spot check: the role decides the catalog.
catalog_json() {
    local packed
    packed=$(k get nodecatalog "$1" -o jsonpath='{.spec.compressedCatalog}')
    if [[ -n $packed ]]; then
        base64 -d <<<"$packed" | gunzip
    else
        k get nodecatalog "$1" -o jsonpath='{.spec.catalog}'
    fi
}
assert_contains "$(catalog_json "$(printf 'e2e-fleet-%05d' 6)")" "/etc/fleet/db-20.conf" "node 6 (role db) has the db files"
assert_contains "$(catalog_json "$(printf 'e2e-fleet-%05d' 9)")" "/etc/fleet/batch-20.conf" "node 9 (role batch) has the batch files"
