#!/usr/bin/env bash
# e2e/node.sh: a real Kubernetes node on this machine, joined to the cluster
# of e2e/cluster.sh: Debian's containerd (with runc and the CNI bridge plugin)
# and a kubelet built by e2e/tools.sh --node, plus kube-scheduler and the
# workload controllers (DaemonSet, Deployment, ReplicaSet, pod GC) the
# control plane runs only while the node is up. Pods run as real containers;
# every image is built here (nothing is pulled).
#
#   node.sh up              the node, until its Node is Ready (idempotent)
#   node.sh down [--purge]  stop it and undo every change to the host
#                           (--purge: also containerd's images and the image cache)
#   node.sh image BINARY TAG...  the kuppet image of BINARY (image/build.sh),
#                           imported as localhost/kuppet/kuppet:TAG for each TAG
#   node.sh restart-kubelet stop and start the kubelet (pods keep running)
#   node.sh check           list what a node left on the host (exit 1 if anything)
#   node.sh status          the node's processes and pods
#
# Needs root, a real kernel with cgroups (v1 or v2) and overlayfs, and
# `apt-get install containerd runc containernetworking-plugins gcc libc6-dev`.
# One real node per machine: it owns the bridge kuppet0 (10.88.0.0/24, the
# node IP 10.88.0.1), the cgroup /kubepods and a few fixed paths. State goes
# in $KUPPET_E2E_STATE/node, the record of host settings in /run/kuppet-e2e-node.
#
# The node's host root (NODE_ROOT, the chart's agent.hostRoot) is an overlay
# of this machine's / whose writes go to $KUPPET_E2E_STATE/node/overlay, with
# /dev, /proc and /sys mounted in it as on a host: the agent's exec, package
# and file resources act on a real Debian tree and the machine is untouched.
# It is a shared mount, so the agent's mountPropagation: HostToContainer works
# (without systemd, / is private here).
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
E2E_NAME=node

PKI=$E2E_STATE/pki
NODE_GLOBAL=/run/kuppet-e2e-node
RUN_DIR=$NODE_DIR/run
CONTAINERD_SOCK=$RUN_DIR/containerd/containerd.sock
CNI_BRIDGE=kuppet0
POD_CIDR=10.88.0.0/24
NODE_IP=10.88.0.1 # the bridge's own address: the kubelet refuses a loopback node IP
SERVICE_CIDR=10.0.0.0/24  # as cluster.sh
API_SERVICE_IP=10.0.0.1   # the "kubernetes" Service: KUBERNETES_SERVICE_HOST in pods
API_CHAIN=KUPPET-E2E-API
PAUSE_IMAGE=localhost/kuppet/pause:e2e
KUPPET_IMAGE_REPO=localhost/kuppet/kuppet
# What the kubelet changes (protectKernelDefaults: false) and the CNI bridge
# may: saved once, restored by down.
SYSCTLS=(vm.overcommit_memory vm.panic_on_oom kernel.panic kernel.panic_on_oops
    kernel.keys.root_maxkeys kernel.keys.root_maxbytes net.ipv4.ip_forward)

ctr_() { ctr --address "$CONTAINERD_SOCK" -n k8s.io "$@"; }
crictl_() { real_node_crictl "$@"; }

# owns_node: this state dir's run has (or last had) the machine's real node.
owns_node() {
    local owner
    owner=$(cat "$NODE_GLOBAL/owner" 2>/dev/null) || return 0
    [[ $owner == "$E2E_STATE" ]] && return 0
    # Another state dir's: ours only if its node is gone.
    ! KUPPET_E2E_STATE=$owner bash -c '. "$0"; bg_running kubelet || bg_running containerd' "$E2E_DIR/lib.sh"
}

# --- up ---------------------------------------------------------------------

require() {
    local why
    why=$(real_node_unfit)
    [[ -z $why ]] || fail "this machine cannot run the real node: $why"
    apiserver_ready || fail "no cluster: run e2e/cluster.sh up first"
    [[ -f $PKI/ca.key ]] || fail "no e2e CA in $PKI: run e2e/cluster.sh up first"
    owns_node || fail "another e2e run has the real node of this machine: $(cat "$NODE_GLOBAL/owner")"
    mkdir -p "$NODE_GLOBAL" "$NODE_DIR" "$RUN_DIR" "$E2E_STATE/run" "$E2E_STATE/logs"
    echo "$E2E_STATE" >"$NODE_GLOBAL/owner"
}

save_sysctls() {
    [[ -f $NODE_GLOBAL/sysctl.saved ]] && return 0
    local s
    for s in "${SYSCTLS[@]}"; do echo "$s=$(sysctl -n "$s")"; done >"$NODE_GLOBAL/sysctl.saved"
}

# The scheduler and the controllers of DaemonSets, Deployments, ReplicaSets
# and pods, as a second controller manager: the process-based scenarios run
# without them (no pod there could ever run). Not node-lifecycle-controller:
# it would mark every simulated node (create_node) NotReady and taint it
# unreachable a minute after its creation; the one thing a real node needs
# from it, lifting the not-ready taint, start_kubelet does.
start_workload_controllers() {
    local port cfg
    if ! bg_running kube-node-controllers; then
        port=$(free_port)
        cfg=$E2E_STATE/controller-manager.kubeconfig
        start_bg kube-node-controllers "$E2E_BIN/kube-controller-manager" \
            --kubeconfig="$cfg" --authentication-kubeconfig="$cfg" --authorization-kubeconfig="$cfg" \
            --bind-address=127.0.0.1 --secure-port="$port" \
            --tls-cert-file="$PKI/apiserver.crt" --tls-private-key-file="$PKI/apiserver.key" \
            --leader-elect=false --use-service-account-credentials=true --root-ca-file="$PKI/ca.crt" \
            --controllers=daemonset-controller,deployment-controller,replicaset-controller,pod-garbage-collector-controller
        wait_for 60 "the workload controllers' /healthz" secure_healthz "$port" ||
            fail "kube-controller-manager (workloads) did not start: $E2E_STATE/logs/kube-node-controllers.log"
    fi
    if ! bg_running kube-scheduler; then
        [[ -f $PKI/scheduler.crt ]] || pki_leaf scheduler client "/CN=system:kube-scheduler"
        write_kubeconfig "$E2E_STATE/scheduler.kubeconfig" scheduler
        port=$(free_port)
        cfg=$E2E_STATE/scheduler.kubeconfig
        start_bg kube-scheduler "$E2E_BIN/kube-scheduler" \
            --kubeconfig="$cfg" --authentication-kubeconfig="$cfg" --authorization-kubeconfig="$cfg" \
            --bind-address=127.0.0.1 --secure-port="$port" \
            --tls-cert-file="$PKI/apiserver.crt" --tls-private-key-file="$PKI/apiserver.key" \
            --leader-elect=false
        wait_for 60 "kube-scheduler /healthz" secure_healthz "$port" ||
            fail "kube-scheduler did not start: $E2E_STATE/logs/kube-scheduler.log"
    fi
}

# Both serve with the API server's certificate (same host, same names).
secure_healthz() {
    [[ $(kubectl --request-timeout=5s --server="https://127.0.0.1:$1" get --raw /healthz 2>/dev/null) == ok ]]
}

# write_kubeconfig PATH USER: as cluster.sh's, for pki/USER.{crt,key}.
write_kubeconfig() {
    local path=$1 user=$2
    rm -f "$path"
    KUBECONFIG=$path kubectl config set-cluster kuppet-e2e --server="$(api_url)" \
        --certificate-authority="$PKI/ca.crt" --embed-certs >/dev/null
    KUBECONFIG=$path kubectl config set-credentials "$user" --embed-certs \
        --client-certificate="$PKI/$user.crt" --client-key="$PKI/$user.key" >/dev/null
    KUBECONFIG=$path kubectl config set-context kuppet-e2e --cluster=kuppet-e2e --user="$user" >/dev/null
    KUBECONFIG=$path kubectl config use-context kuppet-e2e >/dev/null
    chmod 600 "$path"
}

# The node's host root: an overlay of / (lower: the root filesystem itself,
# without the mounts on it), then what a host has mounted there. /dev and
# /sys are recursive binds made slaves (nothing propagates back to the
# machine); /proc is a new mount of this PID namespace's.
mount_root() {
    mountpoint -q "$NODE_ROOT" && return 0
    mkdir -p "$NODE_ROOT" "$NODE_DIR/overlay/upper" "$NODE_DIR/overlay/work"
    mount -t overlay kuppet-e2e-root -o "lowerdir=/,upperdir=$NODE_DIR/overlay/upper,workdir=$NODE_DIR/overlay/work" "$NODE_ROOT"
    mount --make-shared "$NODE_ROOT"
    local m
    for m in dev sys; do
        mount --rbind "/$m" "$NODE_ROOT/$m"
        mount --make-rslave "$NODE_ROOT/$m"
    done
    mount -t proc proc "$NODE_ROOT/proc"
}

write_containerd_config() {
    local d=$NODE_DIR/containerd-etc h
    mkdir -p "$d/certs.d" "$NODE_DIR/containerd" "$RUN_DIR/containerd" "$NODE_DIR/cni/net.d"
    # Nothing is pulled: pulls from the usual registries go to a closed
    # loopback port and fail at once (pods use imagePullPolicy: Never anyway).
    for h in docker.io registry.k8s.io quay.io gcr.io ghcr.io; do
        mkdir -p "$d/certs.d/$h"
        printf 'server = "http://127.0.0.1:9"\n[host."http://127.0.0.1:9"]\n  capabilities = ["pull", "resolve"]\n' >"$d/certs.d/$h/hosts.toml"
    done
    cat >"$d/config.toml" <<EOF
version = 2
root = "$NODE_DIR/containerd"
state = "$RUN_DIR/containerd"
disabled_plugins = ["io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs",
  "io.containerd.snapshotter.v1.devmapper", "io.containerd.snapshotter.v1.zfs",
  "io.containerd.tracing.processor.v1.otlp", "io.containerd.internal.v1.tracing"]

[grpc]
  address = "$CONTAINERD_SOCK"
[ttrpc]
  address = "$RUN_DIR/containerd/containerd.sock.ttrpc"
[debug]
  address = "$RUN_DIR/containerd/debug.sock"
  level = "info"

[plugins."io.containerd.internal.v1.opt"]
  path = "$NODE_DIR/containerd-opt"

[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$PAUSE_IMAGE"
  stream_server_address = "127.0.0.1"
  stream_server_port = "0"
  enable_selinux = false
  # No hugetlb hierarchy on a cgroup v1 hybrid host.
  tolerate_missing_hugetlb_controller = true
  disable_hugetlb_controller = true
  # Where root lacks CAP_SYS_RESOURCE (a sandbox VM), no process may lower its
  # oom_score_adj below its start value; the sandbox's -998 makes runc init
  # die ("can't get final child's PID from pipe: EOF"). Clamp every score to
  # containerd's own.
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        BinaryName = "$(command -v runc)"
        Root = "$RUN_DIR/runc"
        SystemdCgroup = false
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "$NODE_DIR/cni/net.d"
    max_conf_num = 1
  [plugins."io.containerd.grpc.v1.cri".registry]
    config_path = "$d/certs.d"
EOF
}

# The pod network: a bridge with host-local IPAM. The bridge is made here,
# with its address (the node IP). isGateway false, no masquerade, no default
# route, no portmap: pods reach this host and each other, nothing else, and
# the host's ip_forward is left alone. Service IPs are routed to the bridge so
# that nothing sent to them leaves the machine.
write_cni() {
    cat >"$NODE_DIR/cni/net.d/10-kuppet.conflist" <<EOF
{
  "cniVersion": "0.4.0",
  "name": "kuppet-e2e",
  "plugins": [
    {
      "type": "bridge",
      "bridge": "$CNI_BRIDGE",
      "isGateway": false,
      "ipMasq": false,
      "hairpinMode": true,
      "ipam": {
        "type": "host-local",
        "dataDir": "$NODE_DIR/cni/ipam",
        "ranges": [[{"subnet": "$POD_CIDR", "rangeStart": "${POD_CIDR%.*}.10", "gateway": "$NODE_IP"}]],
        "routes": [{"dst": "$SERVICE_CIDR", "gw": "$NODE_IP"}]
      }
    }
  ]
}
EOF
    ip link show "$CNI_BRIDGE" >/dev/null 2>&1 || ip link add "$CNI_BRIDGE" type bridge
    ip addr replace "$NODE_IP/${POD_CIDR#*/}" dev "$CNI_BRIDGE"
    ip link set "$CNI_BRIDGE" up
    ip route replace "$SERVICE_CIDR" dev "$CNI_BRIDGE"
}

# In-cluster clients (KUBERNETES_SERVICE_HOST=10.0.0.1:443) reach the API
# server, which listens on 127.0.0.1 only, without kube-proxy: a DNAT for
# pods (PREROUTING on the bridge, whose route_localnet lets 127.0.0.1 be a
# destination) and one for hostNetwork pods (OUTPUT).
api_for_pods() {
    local port
    port=$(api_url)
    port=${port##*:}
    sysctl -q -w "net.ipv4.conf.$CNI_BRIDGE.route_localnet=1"
    iptables -t nat -N "$API_CHAIN" 2>/dev/null || iptables -t nat -F "$API_CHAIN"
    iptables -t nat -A "$API_CHAIN" -d "$API_SERVICE_IP/32" -p tcp --dport 443 \
        -j DNAT --to-destination "127.0.0.1:$port"
    iptables -t nat -C PREROUTING -i "$CNI_BRIDGE" -j "$API_CHAIN" 2>/dev/null ||
        iptables -t nat -A PREROUTING -i "$CNI_BRIDGE" -j "$API_CHAIN"
    iptables -t nat -C OUTPUT -d "$SERVICE_CIDR" -j "$API_CHAIN" 2>/dev/null ||
        iptables -t nat -A OUTPUT -d "$SERVICE_CIDR" -j "$API_CHAIN"
}

start_containerd() {
    bg_running containerd && return 0
    write_containerd_config
    write_cni
    start_bg containerd containerd --config "$NODE_DIR/containerd-etc/config.toml"
    wait_for 30 "containerd" ctr_ version || {
        tail -n 30 "$E2E_STATE/logs/containerd.log" >&2
        fail "containerd did not start"
    }
    import_pause
}

# The sandbox image: e2e/images/pause.c, static, cached by its source.
import_pause() {
    local sum dir tar
    sum=$(sha256sum "$E2E_DIR/images/pause.c" | cut -c1-16)
    dir=$E2E_CACHE/images
    tar=$dir/pause-$sum.oci.tar
    if [[ ! -f $tar ]]; then
        local work
        work=$(mktemp -d)
        mkdir -p "$dir" "$work/rootfs"
        gcc -Os -static -s -o "$work/rootfs/pause" "$E2E_DIR/images/pause.c"
        "$REPO_DIR/image/build.sh" layout "$work/rootfs" "$PAUSE_IMAGE" "$work/pause" '["/pause"]' >/dev/null
        mv "$work/pause.oci.tar" "$tar"
        rm -rf "$work"
    fi
    ctr_ images import "$tar" >/dev/null
}

start_kubelet() {
    bg_running kubelet && return 0
    [[ -f $PKI/node.crt ]] || pki_leaf node client "/O=system:nodes/CN=system:node:$REAL_NODE_NAME"
    write_kubeconfig "$E2E_STATE/node.kubeconfig" node
    save_sysctls
    api_for_pods
    # The API server authorizes with RBAC only (no Node authorizer): the
    # system:nodes group gets the node role; NodeRestriction admission still
    # limits the kubelet to its own Node and pods.
    k apply -f - >/dev/null <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: kuppet-e2e-nodes
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: system:node}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: Group, name: system:nodes}
EOF
    local d=$NODE_DIR/kubelet port healthz
    mkdir -p "$d" "$NODE_DIR/pod-logs"
    port=$(free_port)
    healthz=$(free_port)
    echo "$healthz" >"$NODE_DIR/kubelet.healthz-port"
    cat >"$d/config.yaml" <<EOF
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: $NODE_IP
port: $port
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: $healthz
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: $PKI/ca.crt}
authorization: {mode: Webhook}
containerRuntimeEndpoint: unix://$CONTAINERD_SOCK
cgroupDriver: cgroupfs
cgroupsPerQOS: true
enforceNodeAllocatable: [pods]
failSwapOn: false
failCgroupV1: false
protectKernelDefaults: false
podLogsDir: $NODE_DIR/pod-logs
volumePluginDir: $d/volume-plugins
resolvConf: /etc/resolv.conf
clusterDomain: cluster.local
# Nothing can be pulled again: never collect images; evict only when the disk is full.
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
evictionHard: {memory.available: 100Mi, nodefs.available: 1%, imagefs.available: 1%, nodefs.inodesFree: 1%}
serializeImagePulls: false
registerNode: true
nodeStatusReportFrequency: 10s
syncFrequency: 10s
EOF
    local log_from=1
    [[ -f $E2E_STATE/logs/kubelet.log ]] && log_from=$(($(wc -l <"$E2E_STATE/logs/kubelet.log") + 1))
    start_bg kubelet "$E2E_BIN/kubelet" \
        --config="$d/config.yaml" \
        --kubeconfig="$E2E_STATE/node.kubeconfig" \
        --root-dir="$d" \
        --cert-dir="$d/pki" \
        --hostname-override="$REAL_NODE_NAME" \
        --node-ip="$NODE_IP" \
        --node-labels="$REAL_NODE_LABEL=true" \
        --v="${KUPPET_E2E_KUBELET_V:-1}"
    wait_for 60 "kubelet /healthz" kubelet_healthy || {
        tail -n 40 "$E2E_STATE/logs/kubelet.log" >&2
        fail "the kubelet is not healthy (log: $E2E_STATE/logs/kubelet.log)"
    }
    # A misspelt config field is only logged (lenient decoding): refuse it.
    if tail -n "+$log_from" "$E2E_STATE/logs/kubelet.log" | grep 'strict decoding error' >&2; then
        fail "kubelet config $d/config.yaml has unknown fields"
    fi
    wait_for 90 "Node $REAL_NODE_NAME Ready" node_ready || {
        tail -n 40 "$E2E_STATE/logs/kubelet.log" >&2
        k describe node "$REAL_NODE_NAME" >&2 || true
        fail "Node $REAL_NODE_NAME is not Ready"
    }
    # The kubelet registers the Node with node.kubernetes.io/not-ready:NoSchedule
    # and only node-lifecycle-controller (not run: see above) lifts it; it is
    # added only at registration.
    if [[ $(k get node "$REAL_NODE_NAME" -o jsonpath='{.spec.taints[?(@.key=="node.kubernetes.io/not-ready")].effect}') == *NoSchedule* ]]; then
        k taint node "$REAL_NODE_NAME" node.kubernetes.io/not-ready:NoSchedule- >/dev/null
    fi
}

kubelet_healthy() { [[ $(http_get "$(cat "$NODE_DIR/kubelet.healthz-port")" /healthz) == ok ]]; }
node_ready() {
    [[ $(k get node "$REAL_NODE_NAME" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}') == True ]]
}

cmd_up() {
    local start=$SECONDS
    require
    # Whatever fails below, undo it all.
    trap 'log "node up failed; undoing"; cmd_down' EXIT
    start_workload_controllers
    mount_root
    start_containerd
    start_kubelet
    trap - EXIT
    log "node $REAL_NODE_NAME up in $((SECONDS - start))s (host root: $NODE_ROOT)"
}

# --- images -----------------------------------------------------------------

cmd_image() {
    local bin=$1 tag
    shift
    (($#)) || fail "usage: node.sh image BINARY TAG..."
    [[ -S $CONTAINERD_SOCK ]] || fail "containerd is not running: e2e/node.sh up"
    local out=$NODE_DIR/images t0
    t0=$(date +%s%3N)
    "$REPO_DIR/image/build.sh" --ref "$KUPPET_IMAGE_REPO:$1" --out "$out" "$bin" >"$out.digest"
    ctr_ images import "$out/kuppet.oci.tar" >/dev/null
    for tag in "${@:2}"; do
        ctr_ images rm "$KUPPET_IMAGE_REPO:$tag" >/dev/null 2>&1 || true
        ctr_ images tag "$KUPPET_IMAGE_REPO:$1" "$KUPPET_IMAGE_REPO:$tag" >/dev/null
    done
    log "kuppet image $(cat "$out.digest") built and imported as $KUPPET_IMAGE_REPO:{$(
        IFS=,
        echo "$*"
    )} in $(($(date +%s%3N) - t0)) ms"
}

# --- down -------------------------------------------------------------------

# umount_under DIR: every mount at or under DIR, deepest first.
umount_under() {
    local m
    while IFS= read -r m; do
        umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || log "could not unmount $m"
    done < <(awk -v p="$1" '$5 == p || index($5, p "/") == 1 {print $5}' /proc/self/mountinfo | sort -r)
}

cmd_down() {
    set +e # best effort: undo as much as possible
    trap - ERR
    local global=1 t
    if ! owns_node; then
        log "the real node of this machine belongs to $(cat "$NODE_GLOBAL/owner"); only $NODE_DIR is cleaned"
        global=0
    fi
    # 1. The kubelet first, so that it restarts nothing; the scheduler and
    #    the workload controllers.
    stop_bg kubelet
    stop_bg kube-scheduler
    stop_bg kube-node-controllers
    # 2. Every pod sandbox, through the CRI: the runtime kills the containers
    #    and runs CNI DEL (veth, address, netns).
    if [[ -S $CONTAINERD_SOCK ]]; then
        crictl_ rmp --all --force >/dev/null 2>&1 || crictl_ rmp --all --force >/dev/null 2>&1
        for t in $(ctr_ tasks ls -q 2>/dev/null); do ctr_ tasks kill -s KILL "$t" >/dev/null 2>&1; done
        sleep 0.3
        for t in $(ctr_ tasks ls -q 2>/dev/null); do ctr_ tasks rm -f "$t" >/dev/null 2>&1; done
        for t in $(ctr_ containers ls -q 2>/dev/null); do ctr_ containers rm "$t" >/dev/null 2>&1; done
    fi
    # 3. containerd, then any shim of ours left (each is its own session).
    stop_bg containerd
    local pid
    for pid in $(pgrep -f "containerd-shim-runc-v2 .*-address $CONTAINERD_SOCK"); do
        log "killing leftover shim $pid"
        kill -KILL "$pid" 2>/dev/null
    done
    # 4. Our mounts: container root filesystems, pod volumes, the host root
    #    (its /dev, /sys and /proc first), deepest first.
    umount_under "$RUN_DIR"
    umount_under "$NODE_DIR"
    if ((global)); then
        # Pod network namespaces (containerd 1.6 puts them in /run/netns).
        local ns
        for ns in /run/netns/cni-*; do
            [[ -e $ns ]] || continue
            umount "$ns" 2>/dev/null
            rm -f "$ns"
        done
        # 5. cgroups: the kubelet's /kubepods (cgroupfs driver) in every
        #    hierarchy, deepest first.
        local top
        for top in /sys/fs/cgroup/*/kubepods /sys/fs/cgroup/kubepods; do
            [[ -d $top ]] || continue
            find "$top" -depth -type d -exec rmdir {} \; 2>/dev/null
            [[ -d $top ]] && log "could not remove cgroup $top (processes left?)"
        done
        # 6. The bridge, our DNAT, the kubelet's iptables chains (it makes them
        #    whenever iptables is on its PATH).
        ip link del "$CNI_BRIDGE" 2>/dev/null
        ip route del "$SERVICE_CIDR" dev "$CNI_BRIDGE" 2>/dev/null
        local chain ipt table
        for chain in INPUT OUTPUT; do
            while iptables -t filter -D "$chain" -j KUBE-FIREWALL 2>/dev/null; do :; done
        done
        while iptables -t nat -D PREROUTING -i "$CNI_BRIDGE" -j "$API_CHAIN" 2>/dev/null; do :; done
        while iptables -t nat -D OUTPUT -d "$SERVICE_CIDR" -j "$API_CHAIN" 2>/dev/null; do :; done
        iptables -t nat -F "$API_CHAIN" 2>/dev/null && iptables -t nat -X "$API_CHAIN"
        for ipt in iptables ip6tables; do
            for table in mangle nat filter; do
                for chain in KUBE-KUBELET-CANARY KUBE-IPTABLES-HINT KUBE-FIREWALL; do
                    "$ipt" -t "$table" -F "$chain" 2>/dev/null && "$ipt" -t "$table" -X "$chain" 2>/dev/null
                done
            done
        done
        # 7. The sysctls the kubelet set.
        if [[ -f $NODE_GLOBAL/sysctl.saved ]]; then
            local kv
            while IFS= read -r kv; do sysctl -q -w "$kv"; done <"$NODE_GLOBAL/sysctl.saved"
        fi
        # 8. Paths the kubelet and containerd hard-code.
        rm -rf /var/lib/kubelet/device-plugins
        rmdir -p /usr/libexec/kubernetes/kubelet-plugins/volume/exec 2>/dev/null
        rmdir /var/lib/kubelet 2>/dev/null
        find /var/log/containers -maxdepth 1 -type l -lname "$NODE_DIR/*" -delete 2>/dev/null
        rmdir /var/log/containers /var/log/pods 2>/dev/null
        rmdir /run/containerd/s /run/containerd/fifo /run/containerd 2>/dev/null
        rm -rf "$NODE_GLOBAL"
    fi
    # Keep containerd's content (the images) unless --purge: the next up
    # imports again anyway, but unpacked snapshots are reused.
    if awk -v d="$NODE_DIR" '$5 == d || index($5, d "/") == 1 {found = 1} END {exit !found}' /proc/self/mountinfo; then
        log "mounts are left under $NODE_DIR; not removing it"
        return 1
    fi
    rm -rf "$RUN_DIR" "$NODE_DIR/kubelet" "$NODE_DIR/pod-logs" "$NODE_DIR/overlay" "$NODE_DIR/root" "$NODE_DIR/cni/ipam"
    if [[ ${1:-} == --purge ]]; then
        rm -rf "$NODE_DIR" "$E2E_CACHE/images"
    fi
    log "node $REAL_NODE_NAME down"
    return 0
}

# --- check, status ----------------------------------------------------------

# cmd_check: what a node left on this host; exit 1 when anything is found.
cmd_check() {
    set +e
    trap - ERR
    local found=0 out
    section() {
        if [[ -n $2 ]]; then
            printf '== %s\n%s\n' "$1" "$2"
            found=1
        fi
    }
    section "processes" "$(pgrep -a -f "containerd-shim-runc-v2|$E2E_BIN/kubelet|containerd --config $NODE_DIR" | cut -c1-160)"
    section "mounts" "$(awk -v d="$NODE_DIR" '$5 == d || index($5, d "/") == 1 || $5 ~ "^/run/netns/cni-" || $5 ~ "^/var/lib/kubelet" {print $5}' /proc/self/mountinfo)"
    section "cgroups" "$(ls -d /sys/fs/cgroup/*/kubepods /sys/fs/cgroup/kubepods 2>/dev/null)"
    section "links" "$(ip -br link | grep -E "^($CNI_BRIDGE|veth)")"
    section "routes" "$(ip route | grep -E "$CNI_BRIDGE|^${SERVICE_CIDR%/*}")"
    section "iptables" "$({ iptables-save; ip6tables-save; } 2>/dev/null | grep -E "KUBE-|$API_CHAIN")"
    section "paths" "$(ls -d /var/lib/kubelet /var/log/containers /var/log/pods /usr/libexec/kubernetes /run/containerd /run/netns/cni-* "$NODE_GLOBAL" 2>/dev/null)"
    ((found)) && return 1
    echo "nothing left on the host"
}

cmd_status() {
    local name pid
    for name in kube-scheduler kube-node-controllers containerd kubelet; do
        if pid=$(bg_pid "$name"); then
            printf '%-22s pid %-8s rss %s\n' "$name" "$pid" "$(awk '/^VmRSS/{print $2 " " $3}' "/proc/$pid/status")"
        else
            printf '%-22s not running\n' "$name"
        fi
    done
    mountpoint -q "$NODE_ROOT" && echo "host root: $NODE_ROOT (overlay of /, writes in $NODE_DIR/overlay/upper)"
    [[ -S $CONTAINERD_SOCK ]] && crictl_ pods 2>/dev/null
    return 0
}

case ${1:-} in
up) cmd_up ;;
down) cmd_down "${2:-}" ;;
image)
    shift
    (($# >= 2)) || fail "usage: node.sh image BINARY TAG..."
    cmd_image "$@"
    ;;
restart-kubelet)
    stop_bg kubelet
    start_kubelet
    ;;
check) cmd_check ;;
status) cmd_status ;;
*)
    sed -n '2,/^$/s/^# \{0,1\}//p' "$0" >&2
    exit 2
    ;;
esac
