#!/usr/bin/env bash
# e2e/cluster.sh: a throwaway Kubernetes control plane on loopback, no
# containers: etcd, kube-apiserver and kube-controller-manager as local
# processes, built by e2e/tools.sh. (e2e/node.sh adds a real node to it.)
#
#   cluster.sh up               certificates, keys, start all three, wait until ready
#   cluster.sh down             stop everything started here (and by scenarios),
#                               the real node first if it is up
#   cluster.sh env             print `export ...` lines for the shell: eval "$(e2e/cluster.sh env)"
#   cluster.sh status           what runs, and whether the API server is ready
#   cluster.sh stop-apiserver   stop only kube-apiserver (etcd keeps the data)
#   cluster.sh start-apiserver  start it again with the same flags, wait until ready
#
# State (certificates, kubeconfigs, etcd data, logs, pidfiles) lives in
# ${KUPPET_E2E_STATE:-/tmp/kuppet-e2e}; `up` starts it afresh.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
E2E_NAME=cluster

PKI=$E2E_STATE/pki
# Issuer and audience of service-account tokens; what an in-cluster API
# server would use.
SA_ISSUER=https://kubernetes.default.svc.cluster.local
SERVICE_CIDR=10.0.0.0/24

require_tools() {
    local t
    for t in etcd kube-apiserver kube-controller-manager kubectl; do
        [[ -x $E2E_BIN/$t ]] || fail "$E2E_BIN/$t is missing: run e2e/tools.sh first"
    done
    command -v openssl >/dev/null || fail "openssl is missing (Debian: apt-get install openssl)"
}

# --- certificates -----------------------------------------------------------

gen_pki() {
    mkdir -p "$PKI"
    cat >"$PKI/openssl.cnf" <<'EOF'
[req]
distinguished_name = dn
prompt = no
[dn]
[ca]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign,digitalSignature
subjectKeyIdentifier = hash
[server]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local,IP:127.0.0.1,IP:10.0.0.1
authorityKeyIdentifier = keyid
[client]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = clientAuth
authorityKeyIdentifier = keyid
EOF
    local ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
    openssl req -x509 -config "$PKI/openssl.cnf" -extensions ca "${ec[@]}" -days 3650 \
        -subj "/CN=kuppet-e2e-ca" -keyout "$PKI/ca.key" -out "$PKI/ca.crt" 2>/dev/null
    # A CA of its own for the aggregation layer's front proxy (request
    # headers), so components that read it find it set.
    openssl req -x509 -config "$PKI/openssl.cnf" -extensions ca "${ec[@]}" -days 3650 \
        -subj "/CN=kuppet-e2e-front-proxy-ca" -keyout "$PKI/front-proxy-ca.key" \
        -out "$PKI/front-proxy-ca.crt" 2>/dev/null
    pki_leaf apiserver server "/CN=kube-apiserver"
    # system:masters: full access, like kubeadm's admin.conf.
    pki_leaf admin client "/O=system:masters/CN=kuppet-e2e-admin"
    # The identity RBAC's bootstrap policy grants the controller manager.
    pki_leaf controller-manager client "/CN=system:kube-controller-manager"
    # The API server's identity towards kubelets (logs, exec, stats of the
    # real node's pods).
    pki_leaf apiserver-kubelet-client client "/O=system:masters/CN=kube-apiserver-kubelet-client"
    # Service-account token signing key pair (RS256).
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$PKI/sa.key" 2>/dev/null
    openssl pkey -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub" 2>/dev/null
    chmod 600 "$PKI"/*.key
}

# write_kubeconfig PATH USER: client-certificate kubeconfig for pki/USER.{crt,key}.
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

# --- processes --------------------------------------------------------------

start_etcd() {
    local client=$1 peer=$2
    start_bg etcd "$E2E_BIN/etcd" \
        --name=e2e --data-dir="$E2E_STATE/etcd" \
        --listen-client-urls="http://127.0.0.1:$client" \
        --advertise-client-urls="http://127.0.0.1:$client" \
        --listen-peer-urls="http://127.0.0.1:$peer" \
        --initial-advertise-peer-urls="http://127.0.0.1:$peer" \
        --initial-cluster="e2e=http://127.0.0.1:$peer" \
        --unsafe-no-fsync --log-level=warn
}

# The API server's flags are saved to the state dir so that start-apiserver
# brings back the very same server.
write_apiserver_args() {
    local port=$1 etcd_port=$2
    # shellcheck disable=SC2054 # commas inside flag values
    local args=(
        --etcd-servers="http://127.0.0.1:$etcd_port"
        --bind-address=127.0.0.1 --advertise-address=127.0.0.1 --secure-port="$port"
        --tls-cert-file="$PKI/apiserver.crt" --tls-private-key-file="$PKI/apiserver.key"
        --client-ca-file="$PKI/ca.crt"
        --requestheader-client-ca-file="$PKI/front-proxy-ca.crt"
        --requestheader-allowed-names=front-proxy-client
        --requestheader-username-headers=X-Remote-User
        --requestheader-group-headers=X-Remote-Group
        --requestheader-extra-headers-prefix=X-Remote-Extra-
        --authorization-mode=RBAC
        # Service-account tokens (TokenRequest API, node-bound tokens).
        --service-account-issuer="$SA_ISSUER"
        --service-account-key-file="$PKI/sa.pub"
        --service-account-signing-key-file="$PKI/sa.key"
        --api-audiences="$SA_ISSUER"
        --service-cluster-ip-range="$SERVICE_CIDR"
        # The defaults plus explicit ValidatingAdmissionPolicy (on by default
        # since 1.30) and NodeRestriction.
        --enable-admission-plugins=NodeRestriction,ValidatingAdmissionPolicy
        # DaemonSets from the Helm chart run privileged agents.
        --allow-privileged=true
        # A loopback address may not be a Service endpoint; nothing needs
        # the "kubernetes" Service's endpoints here.
        --endpoint-reconciler-type=none
        --profiling=false
        # On SIGTERM, end open watches within 2s instead of waiting for them
        # (up to a minute) before exiting: stop-apiserver stays quick.
        --shutdown-watch-termination-grace-period=2s
        # The real node's kubelet (e2e/node.sh), for logs, exec and stats: at
        # its InternalIP (a kubelet refuses a loopback node IP, and its
        # hostname does not resolve), as a system:masters client.
        --kubelet-preferred-address-types=InternalIP
        --kubelet-client-certificate="$PKI/apiserver-kubelet-client.crt"
        --kubelet-client-key="$PKI/apiserver-kubelet-client.key"
    )
    declare -p args >"$E2E_STATE/run/kube-apiserver.args"
}

start_apiserver() {
    local args
    # shellcheck disable=SC1091
    . "$E2E_STATE/run/kube-apiserver.args"
    start_bg kube-apiserver "$E2E_BIN/kube-apiserver" "${args[@]}"
}

wait_apiserver() {
    wait_for "${1:-90}" "kube-apiserver /readyz" apiserver_ready || {
        tail -n 30 "$E2E_STATE/logs/kube-apiserver.log" >&2
        fail "kube-apiserver did not become ready (log: $E2E_STATE/logs/kube-apiserver.log)"
    }
}

start_controller_manager() {
    local port=$1 cfg=$E2E_STATE/controller-manager.kubeconfig
    start_bg kube-controller-manager "$E2E_BIN/kube-controller-manager" \
        --kubeconfig="$cfg" --authentication-kubeconfig="$cfg" --authorization-kubeconfig="$cfg" \
        --bind-address=127.0.0.1 --secure-port="$port" \
        --tls-cert-file="$PKI/apiserver.crt" --tls-private-key-file="$PKI/apiserver.key" \
        --leader-elect=false \
        --use-service-account-credentials=true \
        --root-ca-file="$PKI/ca.crt" \
        --controllers=garbage-collector-controller,namespace-controller,serviceaccount-controller,root-ca-certificate-publisher-controller,clusterrole-aggregation-controller,validatingadmissionpolicy-status-controller
}

# --- commands ---------------------------------------------------------------

cmd_up() {
    require_tools
    if bg_running kube-apiserver || bg_running etcd; then
        fail "a cluster is already running from $E2E_STATE; run '$0 down' first"
    fi
    local start=$SECONDS
    cmd_down_quiet
    # Whatever fails below, stop what was started.
    trap 'cmd_down_quiet' EXIT
    safe_rm_rf "$E2E_STATE"
    mkdir -p "$E2E_STATE/run" "$E2E_STATE/logs"
    gen_pki
    local etcd_port etcd_peer api_port kcm_port
    etcd_port=$(free_port)
    etcd_peer=$(free_port)
    api_port=$(free_port)
    kcm_port=$(free_port)
    echo "https://127.0.0.1:$api_port" >"$E2E_STATE/apiserver.url"
    write_kubeconfig "$E2E_STATE/admin.kubeconfig" admin
    write_kubeconfig "$E2E_STATE/controller-manager.kubeconfig" controller-manager

    start_etcd "$etcd_port" "$etcd_peer"
    wait_for 30 "etcd health" etcd_healthy "$etcd_port" || {
        tail -n 30 "$E2E_STATE/logs/etcd.log" >&2
        fail "etcd did not become healthy"
    }
    write_apiserver_args "$api_port" "$etcd_port"
    start_apiserver
    wait_apiserver 90
    start_controller_manager "$kcm_port"
    wait_for 60 "kube-controller-manager /healthz" kcm_healthy "$kcm_port" || {
        tail -n 30 "$E2E_STATE/logs/kube-controller-manager.log" >&2
        fail "kube-controller-manager did not become healthy"
    }
    # The serviceaccount controller makes each namespace's "default" account:
    # once it is there, the controllers are running.
    wait_for 60 "the default ServiceAccount" k get serviceaccount default -n default || fail "controllers did not start"
    trap - EXIT
    log "up in $((SECONDS - start))s: $(api_url) (state in $E2E_STATE)"
    log "use it with: eval \"\$($0 env)\""
}

etcd_healthy() { [[ $(http_get "$1" /health) == *'"health":"true"'* ]]; }

kcm_healthy() {
    # It serves with the API server's certificate (same host, same names).
    [[ $(kubectl --request-timeout=5s --server="https://127.0.0.1:$1" get --raw /healthz 2>/dev/null) == ok ]]
}

cmd_down_quiet() {
    local name
    # The real node first: its pods, kubelet, containerd, and what it changed
    # on the host.
    if bg_running kubelet || bg_running containerd || bg_running kube-scheduler ||
        [[ -d $NODE_DIR ]]; then
        "$E2E_DIR/node.sh" down || log "e2e/node.sh down failed: see e2e/node.sh check"
    fi
    stop_scenario_processes
    # The state is thrown away: stop the three at once.
    for name in $(bg_names); do stop_bg "$name" & done
    wait
}

cmd_down() {
    local names
    names=$(bg_names | paste -sd' ' -)
    cmd_down_quiet
    log "stopped: ${names:-nothing was running} (logs stay in $E2E_STATE/logs)"
}

cmd_env() {
    cat <<EOF
export KUPPET_E2E_STATE=$E2E_STATE
export KUPPET_E2E_BIN=$E2E_BIN
export KUBECONFIG=$E2E_STATE/admin.kubeconfig
export PATH=$E2E_BIN:\$PATH
EOF
    [[ -f $E2E_STATE/apiserver.url ]] && echo "export KUPPET_E2E_APISERVER=$(api_url)"
    return 0
}

cmd_status() {
    local name pid
    for name in $(bg_names); do
        if pid=$(bg_pid "$name"); then
            printf '%-26s pid %-8s rss %s\n' "$name" "$pid" "$(awk '/^VmRSS/{print $2 " " $3}' "/proc/$pid/status")"
        else
            printf '%-26s not running\n' "$name"
        fi
    done
    if apiserver_ready; then echo "kube-apiserver ready at $(api_url)"; else echo "kube-apiserver not ready"; fi
}

cmd_stop_apiserver() {
    bg_running kube-apiserver || fail "kube-apiserver is not running"
    stop_bg kube-apiserver
    log "kube-apiserver stopped"
}

cmd_start_apiserver() {
    [[ -f $E2E_STATE/run/kube-apiserver.args ]] || fail "no cluster in $E2E_STATE; run '$0 up'"
    bg_running etcd || fail "etcd is not running; run '$0 up'"
    bg_running kube-apiserver && fail "kube-apiserver is already running"
    local start=$SECONDS
    start_apiserver
    wait_apiserver 90
    log "kube-apiserver ready again in $((SECONDS - start))s"
}

case ${1:-} in
up) cmd_up ;;
down) cmd_down ;;
env) cmd_env ;;
status) cmd_status ;;
stop-apiserver) cmd_stop_apiserver ;;
start-apiserver) cmd_start_apiserver ;;
*)
    sed -n '2,/^$/s/^# \{0,1\}//p' "$0" >&2
    exit 2
    ;;
esac
