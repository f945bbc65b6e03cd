# shellcheck shell=bash
# e2e/kuppet.bash: helpers for kuppet's own scenarios (scenarios/1*_kuppet_*.sh),
# on top of lib.sh. Source it after lib.sh:
#   . "$(dirname "$0")/../lib.sh"; . "$E2E_DIR/kuppet.bash"
#
#   install_kuppet                 CRDs, then the chart's objects in kuppet-system
#                                  (its Deployment and DaemonSet never run here:
#                                  no scheduler; processes stand in for them)
#   require_compile_and_apply      skip the scenario (loudly) while `kuppet compile`
#                                  or `kuppet apply` say they are not built yet
#   start_controller NAME [ARGS]   `kuppet controller` with the chart's controller
#                                  ServiceAccount token (so its RBAC is what is tested)
#   start_agent NODE [ARGS]        `kuppet agent` for NODE, with a token of the chart's
#                                  agent ServiceAccount bound to that Node, managing
#                                  the sandbox node_root NODE
#   node_root NODE                 that sandbox directory
#   fresh_node NODE [LABEL=VALUE...]  create_node with an empty sandbox
#   wait_nodefacts NODE...         until each agent has published its facts
#   digest_of NODE                 the NodeCatalog's spec.digest
#   apply_manifest NAME SELECTOR_YAML SOURCE [NOOP]   a Manifest in namespace default
#   measure WHAT SECONDS           print a MEASURE line (collected by the suite's log)

KUPPET_NS=kuppet-system
KUPPET_RELEASE=kuppet
KUPPET_CONTROLLER_SA=kuppet-controller
KUPPET_AGENT_SA=kuppet-agent

install_kuppet() {
    k apply --server-side --force-conflicts -f "$REPO_DIR/crds/" >/dev/null
    k wait --for=condition=Established --timeout=60s \
        crd/manifests.kuppet.dev crd/nodefacts.kuppet.dev crd/nodecatalogs.kuppet.dev \
        crd/manifestgrants.kuppet.dev >/dev/null
    k create namespace "$KUPPET_NS" --dry-run=client -o yaml | k apply -f - >/dev/null
    helm template "$KUPPET_RELEASE" "$REPO_DIR/charts/kuppet" --namespace "$KUPPET_NS" --kube-version 1.34.0 |
        k apply --server-side --force-conflicts -f - >/dev/null
    # The scenarios' Manifests live in namespace default: grant it every node,
    # as an admin would (a fresh install grants only its own namespace).
    k apply --server-side --force-conflicts -f - >/dev/null <<'EOF2'
apiVersion: kuppet.dev/v1alpha1
kind: ManifestGrant
metadata:
  name: e2e-default
spec:
  namespaces: [default]
EOF2
}

require_compile_and_apply() {
    [[ ${KUPPET_E2E_FORCE:-0} == 1 ]] && return 0
    local dir out
    dir=$(mktemp -d)
    printf "file { '/probe': ensure => file, content => 'x' }\n" >"$dir/probe.pp"
    mkdir -p "$dir/root"
    if ! out=$(kuppet compile "$dir/probe.pp" --node probe 2>&1) ||
        ! out=$(kuppet apply "$dir/probe.pp" --node probe --root "$dir/root" --noop 2>&1); then
        rm -rf "$dir"
        if [[ $out == *"not built yet"* ]]; then
            log "SKIP: needs kuppet compile and apply, which are not built yet ($out)"
            exit 0
        fi
        fail "kuppet compile/apply of a one-file manifest failed: $out"
    fi
    rm -rf "$dir"
}

node_root() { echo "$E2E_STATE/roots/$1"; }

# new_root DIR: the skeleton of a host's root a node's sandbox starts from
# (the directories every Linux host has), so catalogs that manage /etc/motd or
# /srv/www behave as on a real node.
new_root() {
    mkdir -p "$1"/{etc,srv,var/lib,var/log,tmp,usr/bin,root,home}
    printf 'root:x:0:0:root:/root:/bin/sh\n' > "$1/etc/passwd"
    printf 'root:x:0:\n' > "$1/etc/group"
}

# fresh_node NODE [LABEL=VALUE...]: the Node object (create_node) and a fresh
# sandbox root, whatever an earlier run left there.
fresh_node() {
    rm -rf "$(node_root "$1")" "$E2E_STATE/kubeconfigs/agent-$1"
    new_root "$(node_root "$1")"
    create_node "$@"
}

# token_kubeconfig NAME TOKEN: a kubeconfig for TOKEN under the state dir.
token_kubeconfig() { kubeconfig_for_token "$2" "$E2E_STATE/kubeconfigs/$1"; }

start_controller() {
    local name=$1
    shift
    local cfg
    cfg=$(token_kubeconfig "$name" "$(k create token "$KUPPET_CONTROLLER_SA" -n "$KUPPET_NS" --duration=2h)")
    start_bg "$name" env POD_NAMESPACE="$KUPPET_NS" "$KUPPET_BIN" controller \
        --kubeconfig "$cfg" --identity "$name" --log-level "${KUPPET_E2E_LOG:-info}" "$@"
}

start_agent() {
    local node=$1
    shift
    local cfg root
    root=$(node_root "$node")
    [[ -d $root/etc ]] || new_root "$root"
    cfg=$(token_kubeconfig "agent-$node" "$(agent_token "$KUPPET_AGENT_SA" "$KUPPET_NS" "$node" 2h)")
    start_bg "agent-$node" "$KUPPET_BIN" agent --node-name "$node" --root "$root" \
        --kubeconfig "$cfg" --log-level "${KUPPET_E2E_LOG:-info}" "$@"
}

wait_nodefacts() {
    local n
    for n in "$@"; do
        wait_for 60 "the agent of $n to publish its NodeFacts" k get nodefacts "$n" || return 1
    done
}

digest_of() { k get nodecatalog "$1" -o jsonpath='{.spec.digest}'; }

# apply_manifest NAME SELECTOR SOURCE [NOOP]: SELECTOR is the YAML flow map of
# matchLabels ("{}" for every node); SOURCE is Puppet code.
apply_manifest() {
    local name=$1 selector=$2 source=$3 noop=${4:-false}
    k apply -f - >/dev/null <<EOF
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata:
  name: $name
  namespace: default
spec:
  noop: $noop
  nodeSelector:
    matchLabels: $selector
  source: |
$(sed 's/^/    /' <<<"$source")
EOF
}

measure() { printf 'MEASURE %s: %ss\n' "$1" "$2" | tee -a "$E2E_STATE/measurements.txt" >&2; }

# now_ms: milliseconds since the epoch.
now_ms() { date +%s%3N; }

# seconds_since MS: seconds (with milliseconds) since now_ms returned MS.
seconds_since() { local d=$(($(now_ms) - $1)); printf '%d.%03d' $((d / 1000)) $((d % 1000)); }
