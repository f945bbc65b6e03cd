#!/usr/bin/env bash
# Issue 15, real node 4: the leader controller pod is deleted and the other
# replica takes over (and compiles); the agent is killed in the middle of a
# run, twice: SIGKILL of its process (the kubelet restarts the container) and
# the pod force-deleted (the DaemonSet makes a new pod). Each time every file
# of the run is either whole or not there yet, and the restarted agent
# finishes the run: nothing is torn.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_real_node
N=$REAL_NODE_NAME
install_chart
wait_chart_ready

cleanup() { k delete manifest e2e-failover -n default --ignore-not-found >/dev/null 2>&1 || true; }
trap cleanup EXIT

# --- the leader pod goes -----------------------------------------------------
holder() { k get lease kuppet-controller -n "$KUPPET_NS" -o jsonpath='{.spec.holderIdentity}'; }
leader=$(holder)
k get pod -n "$KUPPET_NS" "$leader" >/dev/null || fail "the Lease holder '$leader' is not a pod"
other=$(k get pods -n "$KUPPET_NS" -l app.kubernetes.io/component=controller -o name | sed 's|pod/||' | grep -vx "$leader" | head -n 1)
[[ -n $other ]] || fail "no second controller pod"
new_holder() { local h; h=$(holder) && [[ -n $h && $h != "$leader" ]]; }
t0=$(now_ms)
k delete pod -n "$KUPPET_NS" "$leader" --wait=false >/dev/null
wait_for 40 "another controller pod to take the Lease over" new_holder
measure "leader handover after the leader pod's deletion (real node)" "$(seconds_since "$t0")"
# The standby usually wins; the Deployment's replacement pod starts within
# about 2 s and may win the race instead. Either is a failover, as long as the
# new leader is a live controller pod (it compiles the rounds below).
taker=$(holder)
k get pod -n "$KUPPET_NS" "$taker" >/dev/null || fail "the new Lease holder '$taker' is not a pod"
# A replacement pod that won may lead before the kubelet reports it Running.
taker_running() {
    [[ $(k get pod -n "$KUPPET_NS" "$taker" -o jsonpath='{.metadata.labels.app\.kubernetes\.io/component} {.status.phase}') == "controller Running" ]]
}
wait_for 30 "the new Lease holder to be a Running controller pod" taker_running
if [[ $taker == "$other" ]]; then log "the standby replica $other leads"; else log "the replacement pod $taker leads (it won the race against the standby $other)"; fi
wait_for 60 "the Deployment to replace the deleted pod" \
    k rollout status deployment/kuppet-controller -n "$KUPPET_NS" --timeout=2s

# --- the agent killed in the middle of runs ------------------------------------
# 40 copies of a 16 MiB file of the node's tree, with a pause halfway: runs
# long enough to be cut.
src=/var/tmp/kuppet-e2e-big.src
head -c 16777216 /dev/urandom >"$NODE_ROOT$src"
want=$(sha256sum <"$NODE_ROOT$src" | cut -d' ' -f1)
copies() {
    cat <<PP
\$round = '$1'
file { ['/srv/kuppet-e2e', "/srv/kuppet-e2e/\${round}"]: ensure => directory }
range(1, 40).each |\$i| {
  file { "/srv/kuppet-e2e/\${round}/copy\${i}":
    ensure => file,
    source => '$src',
  }
}
exec { 'halfway':
  command => '/bin/sleep 3',
  require => File["/srv/kuppet-e2e/\${round}/copy20"],
  before  => File["/srv/kuppet-e2e/\${round}/copy21"],
}
range(21, 39).each |\$i| {
  \$next = \$i + 1
  File["/srv/kuppet-e2e/\${round}/copy\${i}"] -> File["/srv/kuppet-e2e/\${round}/copy\${next}"]
}
PP
}
# check_whole DIR: every copy is whole or absent; no temporary file is left
# unless RUN_DONE=0 (a run cut short may leave its temporary file, which the
# next write of that file removes).
check_whole() {
    local dir=$NODE_ROOT/srv/kuppet-e2e/$1 f whole=0
    for f in "$dir"/copy*; do
        [[ -e $f ]] || continue
        [[ $(sha256sum <"$f" | cut -d' ' -f1) == "$want" ]] || fail "$f is torn: $(stat -c %s "$f") bytes"
        whole=$((whole + 1))
    done
    echo "$whole"
}
# kill_mid_run ROUND HOW: start a run of ROUND, kill the agent once 5 copies
# are there, check, and wait for the restarted agent to finish the run.
kill_mid_run() {
    local round=$1 how=$2 before pod restarts dir=$NODE_ROOT/srv/kuppet-e2e/$1
    rm -rf "$dir"
    before=$(digest_of "$N")
    pod=$(agent_pod)
    restarts=$(k get pod -n "$KUPPET_NS" "$pod" -o jsonpath='{.status.containerStatuses[0].restartCount}')
    apply_manifest e2e-failover "{$REAL_NODE_LABEL: \"true\"}" "$(copies "$round")"
    wait_for 60 "the catalog of round $round" catalog_changed "$N" "$before"
    five() { [[ -e $dir/copy5 ]]; }
    wait_for 60 "the run of round $round to reach copy 5" five
    case $how in
    sigkill)
        kill -KILL "$(agent_pid)"
        log "killed the agent process (SIGKILL) of pod $pod"
        ;;
    delete)
        k delete pod -n "$KUPPET_NS" "$pod" --grace-period=0 --force >/dev/null 2>&1
        log "force-deleted the agent pod $pod"
        ;;
    esac
    [[ ! -e $dir/copy40 ]] || fail "round $round: the run had finished before the kill"
    log "round $round: $(check_whole "$round") of 40 copies whole right after the kill, none torn"
    case $how in
    sigkill)
        restarted() { (($(k get pod -n "$KUPPET_NS" "$pod" -o jsonpath='{.status.containerStatuses[0].restartCount}') > restarts)); }
        wait_for 60 "the kubelet to restart the agent container" restarted
        ;;
    delete)
        new_pod() { local p; p=$(agent_pod) && [[ -n $p && $p != "$pod" ]]; }
        wait_for 60 "the DaemonSet to make a new agent pod" new_pod
        ;;
    esac
    wait_for 120 "the restarted agent to finish round $round" catalog_ran "$N"
    assert_eq "0" "$(k get nodecatalog "$N" -o jsonpath='{.status.resources.failed}')" "failed resources after round $round"
    assert_eq 40 "$(check_whole "$round")" "whole copies after round $round"
    local temps
    temps=$(find "$dir" -name '.*kuppet-*')
    [[ -z $temps ]] || fail "temporary files left after round $round: $temps"
    log "ok: round $round ($how): the restarted agent finished the run, nothing torn"
}
kill_mid_run r1 sigkill
kill_mid_run r2 delete
assert_eq "$KUPPET_IMAGE_REPO:e2e" "$(k get pod -n "$KUPPET_NS" "$(agent_pod)" -o jsonpath='{.spec.containers[0].image}')" "the new agent pod's image"
rm -rf "$NODE_ROOT/srv/kuppet-e2e" "$NODE_ROOT$src"
