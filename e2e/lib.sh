# shellcheck shell=bash
# e2e/lib.sh: shell helpers shared by cluster.sh, run.sh and every scenario.
#
# Source it (`. "$(dirname "$0")/../lib.sh"` from a scenario); it turns on
# `set -euo pipefail`, points KUBECONFIG at the e2e cluster (never at a real
# one), and puts the e2e tools (kubectl, helm, ...) first on PATH.
#
# Helpers, by theme:
#   log / fail / assert_eq / assert_contains / expect_fail   checks
#   wait_for TIMEOUT DESC CMD...                             polling
#   k ARGS / k_with KUBECONFIG ARGS                          kubectl
#   create_node NAME [LABEL=VALUE...] / delete_node NAME     simulated nodes
#   agent_token SA NS NODE [DURATION] / kubeconfig_for_token node-bound tokens
#   policy_type_warnings NAME                                CEL type check of a policy
#   start_bg NAME CMD... / stop_bg NAME / bg_running NAME    local processes
#   collect_logs DIR                                         what to look at on failure
#   kuppet ARGS                                              the binary under test
#   pki_leaf NAME PROFILE SUBJECT                            a certificate of the e2e CA
#   safe_rm_rf DIR                                           rm -rf, never across a mount
#   real_node_mode / real_node_unfit / require_real_node     the real node (node.sh)

set -euo pipefail
set -o errtrace

E2E_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(dirname "$E2E_DIR")
E2E_STATE=${KUPPET_E2E_STATE:-/tmp/kuppet-e2e}
E2E_CACHE=${KUPPET_E2E_CACHE:-${HOME:-/root}/.cache/kuppet-e2e}
E2E_BIN=${KUPPET_E2E_BIN:-$E2E_CACHE/bin}
E2E_POLL=${E2E_POLL:-0.5}
export KUPPET_E2E_STATE=$E2E_STATE KUPPET_E2E_CACHE=$E2E_CACHE KUPPET_E2E_BIN=$E2E_BIN
PATH=$E2E_BIN:$PATH
# Every kubectl here talks to the e2e cluster and nothing else.
export KUBECONFIG=$E2E_STATE/admin.kubeconfig
# The binary under test: run.sh builds it; scenarios call `kuppet ...`.
export KUPPET_BIN=${KUPPET_BIN:-$REPO_DIR/target/debug/kuppet}

# Name of the script being run, for messages ("00_cluster").
E2E_NAME=${E2E_NAME:-$(basename "${0%.sh}")}

_e2e_on_err() {
    local rc=$? cmd=$1 where="" i
    # The call chain, innermost first: "lib.sh:111 < 50_x.sh:5".
    for ((i = 1; i < ${#BASH_SOURCE[@]}; i++)); do
        where+="${where:+ < }$(basename "${BASH_SOURCE[i]}"):${BASH_LINENO[i - 1]}"
    done
    printf '%s %s: FAILED (exit %s) at %s: %s\n' "$(date +%T)" "$E2E_NAME" "$rc" "$where" "$cmd" >&2
}
trap '_e2e_on_err "$BASH_COMMAND"' ERR

# --- messages and checks ----------------------------------------------------

log() { printf '%s %s: %s\n' "$(date +%T)" "$E2E_NAME" "$*" >&2; }

fail() {
    trap - ERR
    printf '%s %s: FAIL: %s\n' "$(date +%T)" "$E2E_NAME" "$*" >&2
    exit 1
}

# assert_eq EXPECTED ACTUAL WHAT
assert_eq() {
    [[ $1 == "$2" ]] || fail "$3: expected '$1', got '$2'"
}

# assert_contains HAYSTACK NEEDLE WHAT
assert_contains() {
    [[ $1 == *"$2"* ]] || fail "$3: expected output containing '$2', got:
$1"
}

# expect_fail WHAT CMD...: CMD must exit non-zero. Its combined output is left
# in E2E_OUT for assert_contains.
expect_fail() {
    local what=$1
    shift
    if E2E_OUT=$("$@" 2>&1); then
        fail "$what: expected failure, but it succeeded: $E2E_OUT"
    fi
    log "ok (refused as expected): $what"
}

# expect_ok WHAT CMD...: CMD must succeed; its output goes to E2E_OUT.
expect_ok() {
    local what=$1
    shift
    if ! E2E_OUT=$("$@" 2>&1); then
        fail "$what: command failed: $* :
$E2E_OUT"
    fi
    log "ok: $what"
}

# wait_for TIMEOUT_SECONDS WHAT CMD...: run CMD every E2E_POLL seconds until it
# succeeds; on timeout print WHAT and CMD's last output, and return 1.
wait_for() {
    local timeout=$1 what=$2
    shift 2
    local deadline=$((SECONDS + timeout)) out
    while true; do
        if out=$("$@" 2>&1); then
            return 0
        fi
        if ((SECONDS >= deadline)); then
            # shellcheck disable=SC2016 # backquotes are literal
            printf '%s %s: timed out after %ss waiting for %s; last output of `%s`:\n%s\n' \
                "$(date +%T)" "$E2E_NAME" "$timeout" "$what" "$*" "$out" >&2
            return 1
        fi
        sleep "$E2E_POLL"
    done
}

# --- kubectl ----------------------------------------------------------------

# k ARGS: kubectl as cluster admin, with a request timeout so that nothing
# hangs while the API server is down.
k() { kubectl --request-timeout=20s "$@"; }

# crds_established CRD...: every CRD named has its Established condition True
# (`kubectl wait --for=condition=Established` fails at once, not waits, on a
# CRD the API server has not given conditions yet). Use with wait_for.
crds_established() {
    local c
    for c in "$@"; do
        [[ $(k get crd "$c" -o jsonpath='{.status.conditions[?(@.type=="Established")].status}') == True ]] ||
            return 1
    done
}

# k_with KUBECONFIG ARGS: kubectl as whoever KUBECONFIG names.
k_with() {
    local cfg=$1
    shift
    KUBECONFIG=$cfg kubectl --request-timeout=20s "$@"
}

# api_url: the API server's URL (from the admin kubeconfig).
api_url() { cat "$E2E_STATE/apiserver.url"; }

# apiserver_ready: true when /readyz answers ok.
apiserver_ready() { [[ $(kubectl --request-timeout=5s get --raw /readyz 2>/dev/null) == ok ]]; }

# --- simulated nodes --------------------------------------------------------

# create_node NAME [KEY=VALUE...]: a Node object as a kubelet would register
# it (labels, addresses, nodeInfo), with no kubelet behind it. Idempotent.
create_node() {
    local name=$1
    shift
    local labels="    kubernetes.io/hostname: \"$name\"
    kubernetes.io/os: linux
    kubernetes.io/arch: amd64" kv
    for kv in "$@"; do
        labels+=$'\n'"    \"${kv%%=*}\": \"${kv#*=}\""
    done
    k apply -f - >/dev/null <<EOF
apiVersion: v1
kind: Node
metadata:
  name: $name
  labels:
$labels
EOF
    k patch node "$name" --subresource=status --type=merge -p "{
      \"status\": {
        \"addresses\": [{\"type\": \"Hostname\", \"address\": \"$name\"},
                      {\"type\": \"InternalIP\", \"address\": \"127.0.0.1\"}],
        \"nodeInfo\": {\"machineID\": \"\", \"systemUUID\": \"\", \"bootID\": \"\",
                     \"kernelVersion\": \"$(uname -r)\", \"osImage\": \"e2e simulated node\",
                     \"containerRuntimeVersion\": \"none\", \"kubeletVersion\": \"none\",
                     \"kubeProxyVersion\": \"\", \"operatingSystem\": \"linux\",
                     \"architecture\": \"amd64\"}}}" >/dev/null
}

delete_node() { k delete node "$1" --ignore-not-found --wait=true >/dev/null; }

# --- node-bound agent tokens ------------------------------------------------

# agent_token SA NAMESPACE NODE [DURATION]: print a token for ServiceAccount
# SA bound to the Node object NODE. The API server puts the node's name (and
# uid) in the token, and authentication gives them to admission as
# request.userInfo.extra['authentication.kubernetes.io/node-name'] (and
# ['authentication.kubernetes.io/node-uid']). The token dies with the Node
# object. No feature gate needed: ServiceAccountTokenNodeBinding is on by
# default since Kubernetes 1.31 (GA in 1.33); see e2e/README.md.
agent_token() {
    local sa=$1 ns=$2 node=$3 duration=${4:-1h}
    k create token "$sa" -n "$ns" --bound-object-kind=Node --bound-object-name="$node" \
        --duration="$duration"
}

# kubeconfig_for_token TOKEN PATH: write a kubeconfig at PATH that reaches
# the e2e API server with TOKEN only (no client certificate), print PATH.
kubeconfig_for_token() {
    local token=$1 path=$2
    mkdir -p "$(dirname "$path")"
    (
        umask 077
        cat >"$path" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: kuppet-e2e
  cluster:
    server: $(api_url)
    certificate-authority-data: $(base64 -w0 <"$E2E_STATE/pki/ca.crt")
users:
- name: token
  user:
    token: $token
contexts:
- name: kuppet-e2e
  context:
    cluster: kuppet-e2e
    user: token
current-context: kuppet-e2e
EOF
    )
    echo "$path"
}

# --- admission policies ----------------------------------------------------

# policy_type_warnings NAME: wait until the controller manager has
# type-checked ValidatingAdmissionPolicy NAME (its CEL against the schemas of
# the kinds it matches, CRDs included), print its warnings: none = clean.
policy_type_warnings() {
    local name=$1
    wait_for 30 "ValidatingAdmissionPolicy $name to be type-checked" _policy_checked "$name" || return 1
    k get validatingadmissionpolicy "$name" -o jsonpath='{range .status.typeChecking.expressionWarnings[*]}{.fieldRef}: {.warning}{"\n"}{end}'
}

_policy_checked() {
    local gen observed
    read -r gen observed < <(k get validatingadmissionpolicy "$1" \
        -o jsonpath='{.metadata.generation} {.status.observedGeneration}{"\n"}')
    [[ -n $observed && $gen == "$observed" ]]
}

# --- local processes --------------------------------------------------------
# Each process started here gets a pidfile run/NAME.pid ("PID STARTTIME", the
# start time guarding against a reused pid) and a log logs/NAME.log in the
# state dir; cluster.sh down and run.sh stop them all.

_proc_starttime() { awk '{print $22}' "/proc/$1/stat" 2>/dev/null; }

# start_bg NAME CMD...: start CMD in its own session, in the background.
start_bg() {
    local name=$1
    shift
    mkdir -p "$E2E_STATE/run" "$E2E_STATE/logs"
    if bg_running "$name"; then
        fail "start_bg: $name is already running (pid $(cut -d' ' -f1 "$E2E_STATE/run/$name.pid"))"
    fi
    local pidfile=$E2E_STATE/run/$name.pid
    rm -f "$pidfile"
    # The child writes its own pid, then execs CMD: the pid is CMD's.
    # shellcheck disable=SC2016 # expanded by the child
    setsid bash -c 'echo "$$ $(awk "{print \$22}" /proc/$$/stat)" >"$0.tmp" && mv "$0.tmp" "$0" && exec "$@"' \
        "$pidfile" "$@" </dev/null >>"$E2E_STATE/logs/$name.log" 2>&1 &
    local i
    for ((i = 0; i < 100; i++)); do
        [[ -s $pidfile ]] && return 0
        sleep 0.05
    done
    fail "start_bg: $name did not start (see $E2E_STATE/logs/$name.log)"
}

# bg_pid NAME: print the pid of NAME if it is still the process we started.
bg_pid() {
    local pidfile=$E2E_STATE/run/$1.pid pid start
    [[ -s $pidfile ]] || return 1
    read -r pid start <"$pidfile"
    [[ -n $pid && $(_proc_starttime "$pid") == "$start" ]] || return 1
    echo "$pid"
}

bg_running() { bg_pid "$1" >/dev/null; }

# stop_bg NAME [SIGNAL]: stop NAME (SIGTERM, then SIGKILL after 15s), wait
# until it is gone, remove its pidfile. Quiet if it is not running.
stop_bg() {
    local name=$1 sig=${2:-TERM} pid i
    if pid=$(bg_pid "$name"); then
        kill -s "$sig" "$pid" 2>/dev/null || true
        for ((i = 0; i < 150; i++)); do
            bg_running "$name" || break
            sleep 0.1
        done
        if bg_running "$name"; then
            log "stop_bg: $name (pid $pid) ignored SIG$sig for 15s; killing it"
            kill -s KILL "$pid" 2>/dev/null || true
            while bg_running "$name"; do sleep 0.1; done
        fi
    fi
    rm -f "$E2E_STATE/run/$name.pid"
}

# The cluster's own processes, in the order to stop them: the real node's
# (node.sh), then the control plane's (cluster.sh). Scenarios never stop them.
E2E_CLUSTER_PROCESSES=" kubelet containerd kube-scheduler kube-node-controllers kube-controller-manager kube-apiserver etcd "

# bg_names: names of all processes with a pidfile, scenario processes first,
# then the cluster's in the order to stop them.
bg_names() {
    local f name cluster=$E2E_CLUSTER_PROCESSES
    for f in "$E2E_STATE"/run/*.pid; do
        [[ -e $f ]] || continue
        name=$(basename "$f" .pid)
        [[ $cluster == *" $name "* ]] || echo "$name"
    done
    for name in $cluster; do
        [[ -e $E2E_STATE/run/$name.pid ]] && echo "$name"
    done
    return 0
}

# stop_scenario_processes: stop everything started with start_bg except the
# cluster itself (run.sh calls it after each scenario).
stop_scenario_processes() {
    local name
    for name in $(bg_names); do
        [[ $E2E_CLUSTER_PROCESSES == *" $name "* ]] || stop_bg "$name"
    done
}

# --- ports ------------------------------------------------------------------

# port_in_use PORT: some TCP socket on this machine (listening or connected,
# any address) has local port PORT.
port_in_use() {
    local hex
    hex=$(printf '%04X' "$1")
    awk -v p=":$hex" 'FNR > 1 && substr($2, length($2) - 4) == p { found = 1 } END { exit !found }' \
        /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# free_port: a free TCP port below the kernel's ephemeral range (so that no
# outgoing connection takes it between now and its use).
free_port() {
    local low p i
    low=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
    ((low > 12000)) || low=32768
    for ((i = 0; i < 200; i++)); do
        p=$((10000 + RANDOM % (low - 10000)))
        port_in_use "$p" || { echo "$p"; return 0; }
    done
    fail "free_port: found no free port"
}

# http_get PORT PATH: body of GET http://127.0.0.1:PORT/PATH (no curl needed).
http_get() {
    local port=$1 path=$2 line body=0
    exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
    printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$path" >&3
    while IFS= read -r line <&3 || [[ -n $line ]]; do
        if ((body)); then printf '%s\n' "$line"; elif [[ $line == $'\r' || -z $line ]]; then body=1; fi
    done
    exec 3<&-
}

# --- the binary under test --------------------------------------------------

kuppet() {
    [[ -x $KUPPET_BIN ]] || fail "kuppet binary $KUPPET_BIN is missing (run.sh builds it; or set KUPPET_BIN)"
    "$KUPPET_BIN" "$@"
}

# --- files -----------------------------------------------------------------

# safe_rm_rf DIR: rm -rf DIR, but refuse (and fail) while anything is mounted
# at or under it: the real node mounts an overlay of / and binds of /dev and
# /sys there, and rm must never reach through them.
safe_rm_rf() {
    local dir=$1 mounts
    [[ -e $dir ]] || return 0
    dir=$(cd "$dir" && pwd -P)
    mounts=$(awk -v d="$dir" '$5 == d || index($5, d "/") == 1 {print $5}' /proc/self/mountinfo)
    [[ -z $mounts ]] || fail "refusing to remove $dir: these are still mounted under it (e2e/node.sh down unmounts them):
$mounts"
    rm -rf "$dir"
}

# --- certificates -----------------------------------------------------------

# pki_leaf NAME PROFILE SUBJECT: pki/NAME.{key,crt}, signed by the e2e CA
# (cluster.sh makes it) with a profile of pki/openssl.cnf (server, client).
pki_leaf() {
    local pki=$E2E_STATE/pki
    openssl req -new -config "$pki/openssl.cnf" -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
        -subj "$3" -keyout "$pki/$1.key" -out "$pki/$1.csr" 2>/dev/null
    openssl x509 -req -in "$pki/$1.csr" -CA "$pki/ca.crt" -CAkey "$pki/ca.key" \
        -set_serial "0x$(openssl rand -hex 16)" -days 365 \
        -extfile "$pki/openssl.cnf" -extensions "$2" -out "$pki/$1.crt" 2>/dev/null
    rm -f "$pki/$1.csr"
    chmod 600 "$pki/$1.key"
}

# --- the real node (e2e/node.sh) ---------------------------------------------
# A kubelet with containerd on this machine, joined to the e2e cluster; the
# chart's pods run there. One per machine. See e2e/README.md.

# shellcheck disable=SC2034 # used by node.sh, kuppet.bash and the scenarios
REAL_NODE_NAME=${KUPPET_E2E_NODE_NAME:-kuppet-e2e-node}
# The label it registers with: the chart's agent.nodeSelector in the real-node
# scenarios (simulated nodes cannot run pods: a DaemonSet would wait for them).
# shellcheck disable=SC2034
REAL_NODE_LABEL=kuppet.dev/e2e-real-node
NODE_DIR=$E2E_STATE/node
# The node's host root (the chart's agent.hostRoot): an overlay of this
# machine's / (writes go to NODE_DIR/overlay), with /dev, /proc and /sys.
# shellcheck disable=SC2034
NODE_ROOT=$NODE_DIR/root

# real_node_crictl ARGS: crictl on the real node's containerd.
real_node_crictl() {
    "$E2E_BIN/crictl" --config /dev/null --runtime-endpoint "unix://$NODE_DIR/run/containerd/containerd.sock" \
        --timeout 20s "$@"
}

# real_node_mode: KUPPET_E2E_REAL_NODE: 1 (the real-node scenarios must run:
# CI), 0 (they are skipped), auto (default: they run when the machine can).
real_node_mode() {
    case ${KUPPET_E2E_REAL_NODE:-auto} in
    1 | yes | true) echo 1 ;;
    0 | no | false) echo 0 ;;
    *) echo auto ;;
    esac
}

# real_node_unfit: why this machine cannot run the real node (nothing if it can).
real_node_unfit() {
    local c
    [[ $(id -u) == 0 ]] || { echo "not root"; return; }
    for c in containerd containerd-shim-runc-v2 runc ctr iptables ip sysctl pgrep gcc strip; do
        command -v "$c" >/dev/null || {
            echo "$c is missing (apt-get install containerd runc containernetworking-plugins iproute2 procps gcc libc6-dev binutils)"
            return
        }
    done
    [[ -x /usr/lib/cni/bridge && -x /usr/lib/cni/host-local ]] ||
        { echo "the CNI plugins are missing (apt-get install containernetworking-plugins)"; return; }
    grep -qw overlay /proc/filesystems || modprobe overlay 2>/dev/null || true
    grep -qw overlay /proc/filesystems || { echo "the kernel has no overlayfs"; return; }
    local state_fs
    state_fs=$(stat -f -c %T "$(dirname "$E2E_STATE")")
    [[ $state_fs != overlayfs ]] ||
        { echo "$(dirname "$E2E_STATE") is on overlayfs, which cannot hold containerd's snapshots nor the node root's upper layer: set KUPPET_E2E_STATE to a directory on another filesystem"; return; }
    for c in kubelet kube-scheduler crictl; do
        [[ -x $E2E_BIN/$c ]] || { echo "$E2E_BIN/$c is missing (e2e/tools.sh --node)"; return; }
    done
    local owner
    owner=$(cat /run/kuppet-e2e-node/owner 2>/dev/null) || true
    if [[ -n $owner && $owner != "$E2E_STATE" ]] &&
        KUPPET_E2E_STATE=$owner bash -c '. "$0"; bg_running kubelet || bg_running containerd' "$E2E_DIR/lib.sh"; then
        echo "the e2e run of $owner has the real node of this machine (one per machine)"
        return
    fi
}

# require_real_node: in a real-node scenario, first thing: bring the node up
# (once; it stays up for the next scenarios), or skip the scenario loudly
# when KUPPET_E2E_REAL_NODE=0 or (auto) the machine cannot run it. With
# KUPPET_E2E_REAL_NODE=1 an unfit machine fails the scenario.
require_real_node() {
    local mode why
    mode=$(real_node_mode)
    if [[ $mode == 0 ]]; then
        log "SKIP: KUPPET_E2E_REAL_NODE=0"
        exit 0
    fi
    why=$(real_node_unfit)
    if [[ -n $why ]]; then
        [[ $mode == 1 ]] && fail "KUPPET_E2E_REAL_NODE=1 but this machine cannot run the real node: $why"
        log "SKIP: this machine cannot run the real node: $why"
        exit 0
    fi
    if ! bg_running kubelet; then
        "$E2E_DIR/node.sh" up || fail "e2e/node.sh up failed (logs: $E2E_STATE/logs/kubelet.log, containerd.log)"
    fi
}

# --- on failure ------------------------------------------------------------

# collect_logs DIR: copy the logs of every process and a dump of the cluster's
# state into DIR (best effort: the API server may be down).
collect_logs() {
    local dir=$1
    mkdir -p "$dir"
    cp -r "$E2E_STATE/logs" "$dir/" 2>/dev/null || true
    if apiserver_ready; then
        k get nodes,namespaces,serviceaccounts,configmaps,events -A -o wide >"$dir/objects.txt" 2>&1 || true
        k get events -A --sort-by=.lastTimestamp -o yaml >"$dir/events.yaml" 2>&1 || true
        local kinds
        kinds=$(k api-resources --api-group=kuppet.dev -o name 2>/dev/null | paste -sd, -) || true
        if [[ -n $kinds ]]; then
            k get "$kinds" -A -o yaml >"$dir/kuppet-objects.yaml" 2>&1 || true
        fi
    else
        echo "API server not ready; no object dump" >"$dir/objects.txt"
    fi
}
