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
#   catalog_is_compile NODE ENV    NODE's NodeCatalog equals `kuppet compile` of the
#                                  environment ENV with the node's facts
#   debian_module NAME PACKAGE     the directory of a module of Debian's packages
#
# The chart on the real node (scenarios 2*_real_node_*, after require_real_node):
#   real_node_image TAG...         the kuppet image of $KUPPET_BIN, imported under
#                                  localhost/kuppet/kuppet:TAG (built once per binary)
#   install_chart [HELM_ARGS...]   `helm upgrade --install` of charts/kuppet with that
#                                  image (tag e2e) and agent.hostRoot=$NODE_ROOT
#   agent_pod / agent_container    the agent pod on the real node; its container id
#   agent_pid                      the agent's pid on this machine
#   container_working_set ID       a container's memory working set (bytes), as the kubelet counts it

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
    grant_default_namespace
}

# grant_default_namespace: the scenarios' Manifests (and manifests/examples/)
# live in namespace default: grant it every node, as an admin would (a fresh
# install grants only its own namespace).
grant_default_namespace() {
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
    # The node's OS, as its facts read it from the root (os.name, os.release).
    local f
    for f in /etc/os-release /etc/debian_version; do
        if [[ -e $f ]]; then cp "$f" "$1$f"; fi
    done
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

# catalog_ran NODE: the agent has run the NodeCatalog's current catalog.
catalog_ran() {
    local d
    d=$(digest_of "$1")
    [[ -n $d && $(k get nodecatalog "$1" -o jsonpath='{.status.lastRun.digest}') == "$d" ]]
}

# catalog_changed NODE DIGEST: the NodeCatalog holds a catalog other than DIGEST.
catalog_changed() { [[ $(digest_of "$1") != "$2" ]]; }

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

# measure WHAT VALUE [UNIT]: UNIT defaults to seconds.
measure() { printf 'MEASURE %s: %s%s\n' "$1" "$2" "${3-s}" | tee -a "$E2E_STATE/measurements.txt" >&2; }

# now_ms: milliseconds since the epoch.
now_ms() { date +%s%3N; }

# seconds_since MS: seconds (with milliseconds) since now_ms returned MS.
seconds_since() { local d=$(($(now_ms) - $1)); printf '%d.%03d' $((d / 1000)) $((d % 1000)); }

# catalog_is_compile NODE ENV_DIR: NODE's NodeCatalog holds what `kuppet
# compile --environment-dir ENV_DIR` gives with the facts the controller
# compiles the node with (its NodeFacts plus `kubernetes`: the Node's name,
# labels, nodeInfo, addresses, providerID): the same resources (type, title,
# parameters, tags, exported) and edges. Prints the differences otherwise.
catalog_is_compile() {
    local n=$1 env=$2 work=$E2E_STATE/compare/$1
    rm -rf "$work" && mkdir -p "$work"
    k get nodefacts "$n" -o json >"$work/nodefacts.json"
    k get node "$n" -o json >"$work/node.json"
    k get nodecatalog "$n" -o json >"$work/nodecatalog.json"
    python3 - "$work" <<'PY' || return 1
import json, sys, os
w = sys.argv[1]
facts = json.load(open(os.path.join(w, "nodefacts.json")))["spec"]["facts"]
node = json.load(open(os.path.join(w, "node.json")))
status = node.get("status", {})
k8s = {"node": node["metadata"]["name"], "labels": node["metadata"].get("labels", {})}
if "nodeInfo" in status:
    k8s["nodeInfo"] = status["nodeInfo"]
addresses = {}
for a in status.get("addresses", []):
    addresses.setdefault(a["type"], a["address"])
k8s["addresses"] = addresses
if node.get("spec", {}).get("providerID"):
    k8s["providerID"] = node["spec"]["providerID"]
facts["kubernetes"] = k8s
json.dump(facts, open(os.path.join(w, "facts.json"), "w"))
PY
    "$KUPPET_BIN" compile --environment-dir "$env" --facts "$work/facts.json" --node "$n" >"$work/compiled.json" ||
        return 1
    python3 - "$work" <<'PY'
import base64, gzip, json, sys, os
w = sys.argv[1]
spec = json.load(open(os.path.join(w, "nodecatalog.json")))["spec"]
if spec.get("catalog") is not None:
    held = spec["catalog"]
else:
    held = json.loads(gzip.decompress(base64.b64decode(spec["compressedCatalog"])))
compiled = json.load(open(os.path.join(w, "compiled.json")))
# Inline Manifests that also select the node add their own resources
# (declared in NAMESPACE/NAME.pp): those are not the environment's.
inline = {f"{m['namespace']}/{m['name']}.pp" for m in spec.get("sources", []) if not m.get("revision")}
def ref(r):
    return f"{r['type']}[{r['title']}]"
others = {ref(r) for r in held["resources"] if r.get("file") in inline}
def resources(c):
    return {(r["type"], r["title"]): (r.get("parameters", {}), sorted(r.get("tags", [])), r.get("exported", False))
            for r in c["resources"] if ref(r) not in others}
def edges(c):
    return sorted((e["source"], e["target"]) for e in c.get("edges", [])
                  if e["source"] not in others and e["target"] not in others)
a, b = resources(held), resources(compiled)
bad = []
for key in sorted(set(a) | set(b)):
    if a.get(key) != b.get(key):
        bad.append(f"{key}: NodeCatalog {a.get(key)} != kuppet compile {b.get(key)}")
if edges(held) != edges(compiled):
    bad.append(f"edges: {edges(held)} != {edges(compiled)}")
if bad:
    print("\n".join(bad), file=sys.stderr)
    sys.exit(1)
print(f"{len(a)} resources, {len(edges(held))} edges the same ({len(others)} of inline Manifests aside)")
PY
}

# debian_module NAME PACKAGE: the directory of Debian's module NAME (package
# PACKAGE): the installed one, or the package unpacked (apt-get download,
# dpkg-deb -x) into the e2e cache without installing it or Puppet.
debian_module() {
    local name=$1 package=$2 cache=${KUPPET_E2E_CACHE:-${HOME:-/root}/.cache/kuppet-e2e}/debian-modules
    if [[ -d /usr/share/puppet/modules/$name ]]; then
        readlink -f "/usr/share/puppet/modules/$name"
        return
    fi
    local tree=$cache/$package
    if [[ ! -d $tree/usr/share/puppet/modules.available ]]; then
        local dl=$cache/download-$package
        rm -rf "$dl" "$tree" && mkdir -p "$dl"
        (cd "$dl" && apt-get download -q "$package" >/dev/null 2>&1) ||
            { apt-get update -q >/dev/null 2>&1 && (cd "$dl" && apt-get download -q "$package" >/dev/null); } ||
            fail "could not download Debian's $package"
        dpkg-deb -x "$dl"/*.deb "$tree" || fail "could not unpack $package"
        rm -rf "$dl"
    fi
    local dir
    for dir in "$tree"/usr/share/puppet/modules.available/*; do
        [[ -f $dir/metadata.json ]] && { echo "$dir"; return; }
    done
    fail "no module found in Debian's $package"
}

# --- the chart on the real node ----------------------------------------------

KUPPET_IMAGE_REPO=localhost/kuppet/kuppet

# real_node_image TAG...: the image of $KUPPET_BIN under each TAG, built and
# imported again only when the binary changed.
real_node_image() {
    local stamp=$NODE_DIR/images/kuppet.stamp binary images tag missing=()
    binary=$(stat -c '%s %Y %n' "$(readlink -f "$KUPPET_BIN")")
    if [[ $(cat "$stamp" 2>/dev/null) == "$binary" ]]; then
        images=$(real_node_ctr images ls -q)
        for tag in "$@"; do
            grep -qx "$KUPPET_IMAGE_REPO:$tag" <<<"$images" || missing+=("$tag")
        done
        ((${#missing[@]})) || return 0
        if grep -qx "$KUPPET_IMAGE_REPO:$1" <<<"$images"; then
            for tag in "${missing[@]}"; do
                real_node_ctr images tag "$KUPPET_IMAGE_REPO:$1" "$KUPPET_IMAGE_REPO:$tag" >/dev/null
            done
            return 0
        fi
    fi
    "$E2E_DIR/node.sh" image "$KUPPET_BIN" "$@"
    echo "$binary" >"$stamp"
}

real_node_ctr() { ctr --address "$NODE_DIR/run/containerd/containerd.sock" -n k8s.io "$@"; }

# forget_process_install: what the process-based scenarios left that a helm
# release cannot take over or should not meet: the chart's objects applied
# with kubectl (install_kuppet; helm refuses objects it does not own), their
# Manifests (they would select the real node too) and the leader Lease of
# controllers that no longer run.
forget_process_install() {
    if k get deployment kuppet-controller -n "$KUPPET_NS" >/dev/null 2>&1 &&
        [[ -z $(k get deployment kuppet-controller -n "$KUPPET_NS" -o jsonpath='{.metadata.annotations.meta\.helm\.sh/release-name}') ]]; then
        log "removing the chart's objects applied by the process-based scenarios"
        helm template "$KUPPET_RELEASE" "$REPO_DIR/charts/kuppet" --namespace "$KUPPET_NS" --kube-version 1.34.0 |
            k delete --ignore-not-found --wait=true -f - >/dev/null
        k delete lease kuppet-controller -n "$KUPPET_NS" --ignore-not-found >/dev/null
    fi
    if k get crd manifests.kuppet.dev >/dev/null 2>&1; then
        k delete manifests --all -A --wait=true >/dev/null
    fi
}

# install_chart [HELM_ARGS...]: the chart as a user installs it, with the
# local image, managing the real node's host root, on the real node only
# (a DaemonSet pod for a simulated node would stay Pending for ever).
# shellcheck disable=SC2120 # the arguments are optional
install_chart() {
    real_node_image e2e
    if ! helm status "$KUPPET_RELEASE" -n "$KUPPET_NS" >/dev/null 2>&1; then
        forget_process_install
    fi
    helm upgrade --install "$KUPPET_RELEASE" "$REPO_DIR/charts/kuppet" -n "$KUPPET_NS" --create-namespace \
        --set image.repository="$KUPPET_IMAGE_REPO",image.tag=e2e,image.pullPolicy=Never \
        --set agent.hostRoot="$NODE_ROOT",logFormat=text \
        --set-string "agent.nodeSelector.${REAL_NODE_LABEL//./\\.}=true" \
        "$@" >/dev/null
    grant_default_namespace
}

# wait_chart_ready: both controller replicas ready, the agent pod ready.
wait_chart_ready() {
    k rollout status deployment/kuppet-controller -n "$KUPPET_NS" --timeout=120s >/dev/null ||
        fail "the controller Deployment did not roll out"
    k rollout status daemonset/kuppet-agent -n "$KUPPET_NS" --timeout=120s >/dev/null ||
        fail "the agent DaemonSet did not roll out"
}

agent_pod() {
    k get pods -n "$KUPPET_NS" -l app.kubernetes.io/component=agent \
        --field-selector "spec.nodeName=$REAL_NODE_NAME,status.phase=Running" -o jsonpath='{.items[0].metadata.name}'
}

# agent_container: the id of the running agent container on the real node.
agent_container() {
    local id
    id=$(real_node_crictl ps --name '^agent$' --state running -q | head -n 1)
    [[ -n $id ]] || return 1
    echo "$id"
}

agent_pid() {
    local id
    id=$(agent_container) || return 1
    real_node_crictl inspect -o go-template --template '{{.info.pid}}' "$id"
}

# container_working_set ID: memory use minus inactive file pages (what the
# kubelet reports as workingSetBytes), from the container's cgroup.
container_working_set() {
    local dir usage inactive
    dir=$(find /sys/fs/cgroup/memory/kubepods /sys/fs/cgroup/kubepods -maxdepth 4 -type d -name "*$1*" 2>/dev/null | head -n 1) || true
    [[ -n $dir ]] || return 1
    if [[ -f $dir/memory.usage_in_bytes ]]; then
        usage=$(cat "$dir/memory.usage_in_bytes")
        inactive=$(awk '$1 == "total_inactive_file" {print $2}' "$dir/memory.stat")
    else
        usage=$(cat "$dir/memory.current")
        inactive=$(awk '$1 == "inactive_file" {print $2}' "$dir/memory.stat")
    fi
    echo $((usage > inactive ? usage - inactive : 0))
}

mib() { awk -v b="$1" 'BEGIN {printf "%.1f", b / 1048576}'; }
