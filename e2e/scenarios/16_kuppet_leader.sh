#!/usr/bin/env bash
# Two controller replicas elect a leader on a coordination.k8s.io Lease: one
# leads, the other stands by (and is ready); when the leader stops (SIGTERM:
# it gives the Lease up) or dies (SIGKILL: the Lease expires) the other takes
# over. /metrics, /healthz and /readyz answer on both.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"

install_kuppet
k delete lease kuppet-controller -n "$KUPPET_NS" --ignore-not-found >/dev/null
holder() { k get lease kuppet-controller -n "$KUPPET_NS" -o jsonpath='{.spec.holderIdentity}' 2>/dev/null; }
is_holder() { [[ $(holder) == "$1" ]]; }
port1=$(free_port)
port2=$(free_port)
start_controller ctrl-1 --metrics-addr "127.0.0.1:$port1"
wait_for 30 "ctrl-1 to lead" is_holder ctrl-1
start_controller ctrl-2 --metrics-addr "127.0.0.1:$port2"
wait_for 10 "ctrl-2 to serve" http_get "$port2" /healthz

metric() { http_get "$1" /metrics | awk -v m="$2" '$1 == m {print $2}'; }
reports_leading() { [[ $(metric "$1" kuppet_leader) == 1 ]]; }
wait_for 10 "ctrl-1 to report leading" reports_leading "$port1"
assert_eq 0 "$(metric "$port2" kuppet_leader)" "ctrl-2 stands by"
assert_contains "$(http_get "$port2" /readyz)" "standby" "a standby replica is ready"
leader_ready() { [[ $(http_get "$port1" /readyz) == *leading* ]]; }
wait_for 30 "the leader to be ready once its caches are filled" leader_ready
assert_contains "$(http_get "$port1" /metrics)" "# TYPE kuppet_compile_duration_seconds histogram" "/metrics"
assert_eq "ok" "$(http_get "$port1" /healthz)" "/healthz"
sleep 3
assert_eq ctrl-1 "$(holder)" "the leader keeps its Lease"

# SIGTERM: ctrl-1 releases the Lease, ctrl-2 takes it over within seconds.
t0=$(now_ms)
stop_bg ctrl-1
wait_for 15 "ctrl-2 to take over a released Lease" is_holder ctrl-2
measure "leader handover after SIGTERM" "$(seconds_since "$t0")"
wait_for 10 "ctrl-2 to report leading" reports_leading "$port2"

# SIGKILL: the Lease is not released; ctrl-1 takes over once it expires.
start_controller ctrl-1 --metrics-addr "127.0.0.1:$port1"
wait_for 10 "ctrl-1 to serve" http_get "$port1" /healthz
t0=$(now_ms)
stop_bg ctrl-2 KILL
wait_for 40 "ctrl-1 to take over an expired Lease" is_holder ctrl-1
measure "leader takeover after SIGKILL" "$(seconds_since "$t0")"
transitions=$(k get lease kuppet-controller -n "$KUPPET_NS" -o jsonpath='{.spec.leaseTransitions}')
((transitions >= 2)) || fail "leaseTransitions: $transitions"
