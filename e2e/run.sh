#!/usr/bin/env bash
# e2e/run.sh [PATTERN...]: the end-to-end suite.
#
# Builds the tools (e2e/tools.sh, cached) and kuppet (cargo build), brings a
# cluster up (e2e/cluster.sh), runs every e2e/scenarios/*.sh in name order
# (or those whose name contains one of the PATTERNs), prints PASS/FAIL for
# each and the total time, tears the cluster down whatever happens, and exits
# non-zero if any scenario failed.
#
# A scenario is a bash script that sources ../lib.sh and exits non-zero on
# failure. It shares the cluster with the others, so it cleans up after
# itself (or uses names of its own); processes it starts with start_bg are
# stopped after it ends. On failure, logs and a dump of the cluster go to
# $KUPPET_E2E_ARTIFACTS/NAME (default: the state dir's artifacts/).
#
# The scenarios named *_real_node_* run the chart's pods on a real node
# (e2e/node.sh: containerd and a kubelet on this machine, as root); it comes
# up with the first of them and goes with the cluster, and `node.sh check`
# then makes sure nothing is left on the host.
#
# Environment:
#   KUPPET_BIN                 use this kuppet binary instead of building one
#   KUPPET_E2E_REAL_NODE=auto  1: the real-node scenarios must run (CI); 0: skip
#                              them; auto: run them when the machine can
#   KUPPET_E2E_KEEP=1          leave the cluster up at the end (then: cluster.sh down)
#   KUPPET_E2E_TIMEOUT=600     seconds one scenario may take
#   KUPPET_E2E_STATE, KUPPET_E2E_CACHE   as for cluster.sh and tools.sh
KUPPET_BIN_GIVEN=${KUPPET_BIN:-}
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
E2E_NAME=run
trap - ERR

ARTIFACTS=${KUPPET_E2E_ARTIFACTS:-$E2E_STATE/artifacts}
TIMEOUT=${KUPPET_E2E_TIMEOUT:-600}
run_start=$SECONDS

scenarios=()
for f in "$E2E_DIR"/scenarios/*.sh; do
    [[ -e $f ]] || continue
    name=$(basename "$f" .sh)
    if (($#)); then
        keep=0
        for pat in "$@"; do [[ $name == *"$pat"* ]] && keep=1; done
        ((keep)) || continue
    fi
    scenarios+=("$f")
done
((${#scenarios[@]})) || fail "no scenario under $E2E_DIR/scenarios matches: $*"

step() { printf '\n=== %s\n' "$*" >&2; }

# The real node's tools (kubelet, kube-scheduler, crictl) when a real-node
# scenario is to run and the machine can run it.
tools=()
if [[ " ${scenarios[*]##*/} " == *_real_node_* && $(real_node_mode) != 0 ]]; then
    why=$(real_node_unfit)
    if [[ $(real_node_mode) == 1 || -z $why || $why == *"tools.sh --node"* ]]; then
        tools=(--node)
    else
        log "the real-node scenarios will be skipped: $why"
    fi
fi
step "tools"
"$E2E_DIR/tools.sh" "${tools[@]}" >/dev/null
# The OCI registry (crane) for the scenarios that push code artifacts.
names=" ${scenarios[*]##*/} "
if [[ ( $names == *_code_oci* || $names == *_code_scale* || $names == *_code_rollout* || $names == *_code_flux_oci* ) && -z ${KUPPET_CRANE:-} ]]; then
    KUPPET_CRANE="$("$E2E_DIR/tools.sh" crane | tail -n 1)/crane"
    export KUPPET_CRANE
fi
# Flux's source-controller for the scenario that runs it (built here, not
# within the scenario's time), and distribution's registry.
if [[ $names == *_code_flux_oci* ]]; then
    "$E2E_DIR/tools.sh" source-controller >/dev/null
fi
# distribution's registry for the scenario that alters a blob in its storage.
if [[ $names == *_code_oci* ]]; then
    "$E2E_DIR/tools.sh" registry >/dev/null
fi

if [[ -n $KUPPET_BIN_GIVEN ]]; then
    [[ -x $KUPPET_BIN_GIVEN ]] || fail "KUPPET_BIN=$KUPPET_BIN_GIVEN is not an executable"
else
    step "kuppet (cargo build)"
    t=$SECONDS
    (cd "$REPO_DIR" && cargo build --quiet --bin kuppet) || fail "cargo build failed"
    log "kuppet built in $((SECONDS - t))s: $KUPPET_BIN"
fi

teardown_cluster() {
    stop_scenario_processes 2>/dev/null || true
    if [[ ${KUPPET_E2E_KEEP:-0} == 1 ]]; then
        log "KUPPET_E2E_KEEP=1: cluster left running; stop it with e2e/cluster.sh down"
    else
        "$E2E_DIR/cluster.sh" down || true
    fi
}
teardown() {
    local rc=$?
    teardown_cluster
    exit "$rc"
}
trap teardown EXIT
trap 'exit 130' INT TERM

step "cluster up"
"$E2E_DIR/cluster.sh" up

results=()
passed=0
failed=0
mkdir -p "$ARTIFACTS"
for f in "${scenarios[@]}"; do
    name=$(basename "$f" .sh)
    step "scenario $name"
    t=$SECONDS
    touch "$ARTIFACTS/.started"
    set +e
    E2E_NAME=$name timeout --foreground --kill-after=10 "$TIMEOUT" bash "$f" 2>&1 | tee "$ARTIFACTS/$name.log"
    rc=${PIPESTATUS[0]}
    set -e
    if ((rc == 130)); then
        # Interrupted (Ctrl-C reaches the scenario first): stop the run.
        log "interrupted during $name"
        exit 130
    fi
    took=$((SECONDS - t))
    if ((rc == 0)); then
        passed=$((passed + 1))
        results+=("PASS  $name (${took}s)")
        rm -f "$ARTIFACTS/$name.log"
    else
        failed=$((failed + 1))
        ((rc == 124)) && log "$name: timed out after ${TIMEOUT}s"
        results+=("FAIL  $name (${took}s, exit $rc; artifacts in $ARTIFACTS/$name)")
        collect_logs "$ARTIFACTS/$name"
        mv "$ARTIFACTS/$name.log" "$ARTIFACTS/$name/scenario.log"
        # The logs written to while it ran.
        for log_file in "$E2E_STATE"/logs/*.log; do
            [[ $log_file -nt $ARTIFACTS/.started ]] || continue
            printf -- '--- last lines of %s\n' "$log_file" >&2
            tail -n 15 "$log_file" >&2
        done
    fi
    stop_scenario_processes
    if ! apiserver_ready && bg_running etcd; then
        # A scenario that stopped the API server and failed before starting it.
        log "$name left the API server stopped; starting it again"
        "$E2E_DIR/cluster.sh" start-apiserver || true
    fi
done

trap - EXIT INT TERM
step "cluster down"
teardown_cluster
if [[ -d $NODE_DIR && ${KUPPET_E2E_KEEP:-0} != 1 ]]; then
    step "host check (what the real node left)"
    if "$E2E_DIR/node.sh" check >&2; then
        results+=("PASS  host check")
    else
        failed=$((failed + 1))
        results+=("FAIL  host check: the real node left the above on this machine")
    fi
fi

step "results"
printf '%s\n' "${results[@]}"
echo "e2e took $((SECONDS - run_start))s"
echo "$passed passed, $failed failed"
((failed == 0))
