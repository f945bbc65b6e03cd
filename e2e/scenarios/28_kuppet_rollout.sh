#!/usr/bin/env bash
# Issue 14, rollouts: a Manifest's change reaches 30 agents in stages.
#  - the first generation with `maxUnavailable: 25%`: its time is measured;
#  - a change with `maxUnavailable: 3`: a sampler counts, all along, the
#    nodes between "new catalog" and "applied"; the most seen is at most 3;
#  - a canary stage on 2 labelled nodes pauses until promoted;
#  - a change that fails on the canaries halts, no other node receives it,
#    the Manifest names the failed nodes and why; abort puts them back on
#    the previous catalog.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply

COUNT=${KUPPET_E2E_SCALE:-30}
M=ro-motd
NODES=()
for ((i = 1; i <= COUNT; i++)); do NODES+=("$(printf 'e2e-ro-%02d' "$i")"); done
CANARIES=("${NODES[0]}" "${NODES[1]}")
SAMPLER_OUT=$E2E_STATE/rollout-sampler.txt
cleanup() {
    [[ -n ${SAMPLER_PID:-} ]] && kill "$SAMPLER_PID" 2>/dev/null
    k delete manifest "$M" -n default --ignore-not-found >/dev/null
    local n
    for n in "${NODES[@]}"; do k delete node "$n" --ignore-not-found --wait=false >/dev/null; done
}
trap cleanup EXIT
install_kuppet
for ((i = 0; i < COUNT; i++)); do
    labels=(role=e2e-ro "topology.kubernetes.io/zone=zone-$((i % 3))")
    ((i < 2)) && labels+=(canary=true)
    fresh_node "${NODES[$i]}" "${labels[@]}"
done
start_controller controller --metrics-addr none
for n in "${NODES[@]}"; do start_agent "$n"; done
wait_nodefacts "${NODES[@]}"
log "$COUNT agents up"

# rollout_manifest ROLLOUT_YAML CONTENT [EXTRA_PUPPET]: the Manifest, with
# spec.rollout (YAML, indented 4) and a motd of CONTENT.
rollout_manifest() {
    k apply -f - >/dev/null <<EOF
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata:
  name: $M
  namespace: default
spec:
  nodeSelector:
    matchLabels: {role: e2e-ro}
  rollout:
$(sed 's/^/    /' <<<"$1")
  source: |
    file { '/etc/kuppet-rollout-motd': ensure => file, content => "$2\n" }
$(sed 's/^/    /' <<<"${3:-}")
EOF
}
generation() { k get manifest "$M" -n default -o jsonpath='{.metadata.generation}'; }
phase() { k get manifest "$M" -n default -o jsonpath='{.status.rollout.phase}'; }
phase_is() { [[ $(phase) == "$1" && $(k get manifest "$M" -n default -o jsonpath='{.status.rollout.targetGeneration}') == "$(generation)" ]]; }
motd() { cat "$(node_root "$1")/etc/kuppet-rollout-motd" 2>/dev/null; }
# source_generation NODE: the generation of the Manifest its NodeCatalog holds.
source_generation() {
    k get nodecatalog "$1" -o jsonpath="{.spec.sources[?(@.name==\"$M\")].generation}"
}
wait_ready() {
    expect_ok "$1" k wait --for=condition=Ready --timeout=300s "manifest/$M" -n default
}

# The sampler: every NodeCatalog, as often as the API server answers; a node
# is unavailable when its catalog holds generation $1 of the Manifest and its
# agent has not applied that catalog without failures.
sample_unavailable() {
    local g=$1 max=0 n samples=0
    while true; do
        n=$(k get nodecatalogs -o json | jq --arg m "$M" --argjson g "$g" '
            [.items[]
             | select(any(.spec.sources[]?; .name == $m and .generation == $g))
             | select((.status.lastRun.digest != .spec.digest)
                      or (.status.observedGeneration != .metadata.generation)
                      or (([.status.conditions[]? | select(.type == "Ready") | .status] | first) != "True"))
            ] | length') || continue
        samples=$((samples + 1))
        ((n > max)) && max=$n
        echo "$max $samples" >"$SAMPLER_OUT"
    done
}

# 1. The first generation, at most 25% (7 of 30) at a time, then a change.
t0=$(now_ms)
rollout_manifest 'maxUnavailable: "25%"' "v1"
wait_ready "the first generation rolled out to $COUNT nodes"
measure "a $COUNT-node rollout with maxUnavailable 25%" "$(seconds_since "$t0")"
for n in "${NODES[@]}"; do assert_eq "v1" "$(motd "$n")" "motd of $n"; done
assert_eq "Complete $COUNT $COUNT" \
    "$(k get manifest "$M" -n default -o jsonpath='{.status.rollout.phase} {.status.rollout.updated} {.status.rollout.converged}')" \
    "rollout status"

# ... and a change of it, the same way (the nodes not reached keep v1).
t0=$(now_ms)
rollout_manifest 'maxUnavailable: "25%"' "v1b"
wait_ready "a change rolled out to $COUNT nodes"
measure "a $COUNT-node change with maxUnavailable 25%" "$(seconds_since "$t0")"
for n in "${NODES[@]}"; do assert_eq "v1b" "$(motd "$n")" "motd of $n"; done

# 2. A change with maxUnavailable 3, sampled all along.
rollout_manifest 'maxUnavailable: 3' "v2"
G2=$(generation)
rm -f "$SAMPLER_OUT"
sample_unavailable "$G2" &
SAMPLER_PID=$!
t0=$(now_ms)
wait_ready "v2 rolled out with maxUnavailable 3"
measure "a $COUNT-node change with maxUnavailable 3" "$(seconds_since "$t0")"
sleep 1
kill "$SAMPLER_PID" 2>/dev/null
wait "$SAMPLER_PID" 2>/dev/null || true
SAMPLER_PID=
read -r max samples <"$SAMPLER_OUT"
measure "most nodes between new catalog and applied (maxUnavailable 3, $samples samples)" "$max" " nodes"
((samples >= 5)) || fail "the sampler took only $samples samples"
((max <= 3)) || fail "$max nodes were unavailable at once, more than maxUnavailable 3"
((max >= 1)) || fail "the sampler never saw a node updating"
for n in "${NODES[@]}"; do assert_eq "v2" "$(motd "$n")" "motd of $n"; done

# 3. A canary stage on the 2 labelled nodes, paused until promoted.
CANARY_ROLLOUT='maxUnavailable: 3
stages:
- name: canary
  selector: {matchLabels: {canary: "true"}}
  pause: untilPromoted
failurePolicy: {haltAfter: 1}'
rollout_manifest "$CANARY_ROLLOUT" "v3"
G3=$(generation)
wait_for 120 "the rollout to pause after the canary stage" phase_is Paused || fail "no pause"
for n in "${CANARIES[@]}"; do assert_eq "v3" "$(motd "$n")" "canary $n"; done
for n in "${NODES[@]:2}"; do assert_eq "v2" "$(motd "$n")" "$n before the promotion"; done
sleep 3
for n in "${NODES[@]:2}"; do assert_eq "$G2" "$(source_generation "$n")" "$n stays on generation $G2 while paused"; done
assert_eq "False" "$(k get manifest "$M" -n default -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" "not Ready while paused"
assert_contains "$(k get manifest "$M" -n default -o jsonpath='{.status.conditions[?(@.type=="Paused")].message}')" \
    "kuppet.dev/promote=$G3/canary" "the Paused condition says how to promote"
k annotate manifest "$M" -n default "kuppet.dev/promote=$G3/canary" --overwrite >/dev/null
wait_ready "promoted: v3 on every node"
for n in "${NODES[@]}"; do assert_eq "v3" "$(motd "$n")" "motd of $n"; done
wait_for 30 "RolloutPaused and RolloutPromoted Events" bash -c \
    "kubectl --request-timeout=20s events -n default --for manifest/$M | grep -q RolloutPaused &&
     kubectl --request-timeout=20s events -n default --for manifest/$M | grep -q RolloutPromoted"

# 4. A change that fails on the canaries halts; nobody else receives it.
rollout_manifest "$CANARY_ROLLOUT" "v4" "file { '/no/such/dir/rollout-probe': ensure => file, content => 'x' }"
G4=$(generation)
wait_for 120 "the rollout to halt" phase_is Halted || fail "no halt"
assert_eq "True RolloutHalted" \
    "$(k get manifest "$M" -n default -o jsonpath='{.status.conditions[?(@.type=="Stalled")].status} {.status.conditions[?(@.type=="Stalled")].reason}')" \
    "Stalled"
failed_nodes=$(k get manifest "$M" -n default -o jsonpath='{range .status.rollout.failedNodes[*]}{.node}{"\t"}{.message}{"\n"}{end}')
log "failed nodes: $failed_nodes"
assert_contains "$failed_nodes" "${CANARIES[0]}" "the failed canary is named"
assert_contains "$failed_nodes" "rollout-probe" "the failure says which resource"
sleep 3
for n in "${NODES[@]:2}"; do
    assert_eq "$G3" "$(source_generation "$n")" "$n never receives generation $G4"
    assert_eq "v3" "$(motd "$n")" "motd of $n"
done
wait_for 30 "a RolloutHalted Warning Event" bash -c \
    "kubectl --request-timeout=20s events -n default --for manifest/$M | grep -q 'Warning.*RolloutHalted'"

# 5. Abort: the canaries go back to the previous catalog.
k annotate manifest "$M" -n default kuppet.dev/abort=true --overwrite >/dev/null
wait_for 60 "the rollout to be aborted" phase_is Aborted || fail "no abort"
for n in "${CANARIES[@]}"; do
    wait_for 120 "$n back on generation $G3 and applied" bash -c \
        "[[ \$(kubectl --request-timeout=20s get nodecatalog $n -o jsonpath='{.spec.sources[?(@.name==\"$M\")].generation}') == $G3 ]]" ||
        fail "$n was not put back"
    wait_for 120 "$n's agent to apply the previous catalog" catalog_ran "$n" || fail "not applied"
    assert_eq "v3" "$(motd "$n")" "motd of $n after the abort"
done
log "rollouts: staged, paused, promoted, halted and aborted on $COUNT nodes"
