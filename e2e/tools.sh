#!/usr/bin/env bash
# Builds and caches the programs the e2e suite runs: kube-apiserver,
# kube-controller-manager and kubectl (Kubernetes), etcd and helm, all from
# their Go modules through the Go module proxy (no container images here);
# for the real node (e2e/node.sh) also kubelet and kube-scheduler (Kubernetes)
# and crictl (cri-tools); crane (go-containerregistry) on request, for the
# registry tests (`e2e/tools.sh crane`); distribution's registry and Flux's
# source-controller on request, for scenarios 27 and 34.
#
#   e2e/tools.sh [TOOL...]  build whatever is missing (the control plane's
#                           five, or the TOOLs named), print the bin dir last
#   e2e/tools.sh --node     the five and the real node's three
#   e2e/tools.sh --print    only print the bin dir (exit 1 if a tool is missing)
#
# Each binary is stored as dist/NAME-VERSION in the cache and linked from
# bin/NAME, so a build is skipped when that version is already there, and
# changing a version below rebuilds only what changed. The machine's usual Go
# module and build caches are used, so a second machine run is fast too.
set -euo pipefail

# Versions. Kubernetes: the newest v1.34 patch the module proxy and the checksum
# database both serve (k8s-openapi's v1_34 feature on the Rust side); its
# staging modules (k8s.io/api, client-go, ...) are released as v0.34.N.
K8S_VERSION=${KUPPET_E2E_K8S_VERSION:-v1.34.10}
# etcd: the 3.6 line, as Kubernetes 1.34 itself ships.
ETCD_VERSION=${KUPPET_E2E_ETCD_VERSION:-v3.6.16}
HELM_VERSION=${KUPPET_E2E_HELM_VERSION:-v3.22.0}
# crictl: the CRI's own command line; e2e/node.sh removes the pods through it
# (so that the CNI plugin releases them). v1.34 goes with Kubernetes 1.34.
CRICTL_VERSION=${KUPPET_E2E_CRICTL_VERSION:-v1.34.0}
# crane: go-containerregistry's registry (`crane registry serve`), for the
# tests that push and pull artifacts against a real OCI registry.
CRANE_VERSION=${KUPPET_E2E_CRANE_VERSION:-v0.22.1}
# registry: the CNCF distribution registry (filesystem storage), for the
# scenario that alters a blob in the registry's storage (27).
DISTRIBUTION_VERSION=${KUPPET_E2E_DISTRIBUTION_VERSION:-v3.1.2}
# source-controller: Flux's own controller, run as a process against the
# e2e API server (scenario 30), serving OCIRepository artifacts.
FLUX_SOURCE_CONTROLLER=${FLUX_SOURCE_CONTROLLER:-v1.7.2}

CACHE=${KUPPET_E2E_CACHE:-${HOME:-/root}/.cache/kuppet-e2e}
BIN=$CACHE/bin
DIST=$CACHE/dist
SRC=$CACHE/src

ALL_TOOLS=(kube-apiserver kube-controller-manager kubectl etcd helm)
NODE_TOOLS=(kubelet kube-scheduler crictl)
EXTRA_TOOLS=(crane registry source-controller)

if [[ ${1:-} == --print ]]; then
    for t in "${ALL_TOOLS[@]}"; do
        [[ -x $BIN/$t ]] || { echo "e2e tools: $BIN/$t is missing; run e2e/tools.sh" >&2; exit 1; }
    done
    echo "$BIN"
    exit 0
fi

if ! command -v go >/dev/null && [[ -x /usr/local/go/bin/go ]]; then
    PATH=/usr/local/go/bin:$PATH
fi
command -v go >/dev/null || { echo "e2e tools: no 'go' on PATH; install Go 1.24 or newer" >&2; exit 1; }

# Static binaries, the toolchain we have (never download another one), and
# no VCS stamping (the throwaway modules are not repositories).
export CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS="${GOFLAGS:-} -buildvcs=false"
mkdir -p "$BIN" "$DIST" "$SRC"

log() { printf 'e2e tools: %s\n' "$*" >&2; }

if [[ ${1:-} == --node ]]; then
    set -- "${ALL_TOOLS[@]}" "${NODE_TOOLS[@]}"
fi
selected=" ${*:-${ALL_TOOLS[*]}} "
for t in $selected; do
    [[ " ${ALL_TOOLS[*]} ${NODE_TOOLS[*]} ${EXTRA_TOOLS[*]} " == *" $t "* ]] ||
        { log "unknown tool '$t' (known: ${ALL_TOOLS[*]} ${NODE_TOOLS[*]} ${EXTRA_TOOLS[*]})"; exit 2; }
done
# wanted NAME: NAME was asked for.
wanted() { [[ $selected == *" $1 "* ]]; }

# have NAME VERSION: true (and the bin link is refreshed) when built already.
have() {
    local name=$1 version=$2
    if [[ -x $DIST/$name-$version ]]; then
        ln -sfn "../dist/$name-$version" "$BIN/$name"
        log "$name $version: cached"
        return 0
    fi
    return 1
}

# build NAME VERSION MODDIR PKG [LDFLAGS...]: go build PKG inside MODDIR.
build() {
    local name=$1 version=$2 moddir=$3 pkg=$4
    shift 4
    local start=$SECONDS
    log "$name $version: building $pkg ..."
    (cd "$moddir" && go build -trimpath -ldflags="-s -w $*" -o "$DIST/$name-$version.tmp" "$pkg")
    mv -f "$DIST/$name-$version.tmp" "$DIST/$name-$version"
    ln -sfn "../dist/$name-$version" "$BIN/$name"
    log "$name $version: built in $((SECONDS - start))s ($(du -h "$DIST/$name-$version" | cut -f1))"
}

# write_module DIR MODULE REQUIRE_LINES [REPLACE_LINES] + tools.go importing
# the commands, then resolve it. The module is throwaway: regenerated whenever
# its go.mod would change.
write_module() {
    local dir=$1 requires=$2 replaces=$3
    shift 3
    local gomod
    gomod=$(printf 'module kuppet.dev/e2e-tools\n\ngo 1.24.0\n\nrequire (\n%s\n)\n' "$requires")
    [[ -n $replaces ]] && gomod+=$(printf '\n\nreplace (\n%s\n)\n' "$replaces")
    mkdir -p "$dir"
    if [[ ! -f $dir/go.sum || "$(cat "$dir/go.mod.in" 2>/dev/null)" != "$gomod" ]]; then
        printf '%s\n' "$gomod" >"$dir/go.mod"
        printf '%s\n' "$gomod" >"$dir/go.mod.in"
        {
            printf '//go:build tools\n\n// Package tools pins the commands this throwaway module builds.\npackage tools\n\nimport (\n'
            local p
            for p in "$@"; do printf '\t_ "%s"\n' "$p"; done
            printf ')\n'
        } >"$dir/tools.go"
        rm -f "$dir/go.sum"
        local start=$SECONDS
        log "resolving modules in $dir ..."
        if ! (cd "$dir" && go mod tidy -e >/dev/null 2>"$dir/tidy.log"); then
            cat "$dir/tidy.log" >&2
            exit 1
        fi
        # tidy keeps requirements of the tools build tag; make sure the main
        # packages themselves resolve (tidy -e hides missing ones).
        (cd "$dir" && go list -tags tools "$@" >/dev/null)
        log "resolved in $((SECONDS - start))s"
    fi
}

total_start=$SECONDS

# --- Kubernetes -------------------------------------------------------------
# build_k8s MODDIR TOOL...: the Kubernetes commands TOOL... (those not built
# yet) from one throwaway module importing all of them.
build_k8s() {
    local k8s_dir=$1 t
    shift
    local wanted_tools=()
    for t in "$@"; do
        wanted "$t" || continue
        have "$t" "$K8S_VERSION" || wanted_tools+=("$t")
    done
    ((${#wanted_tools[@]})) || return 0
    local staging_version=v0.${K8S_VERSION#v1.}
    # k8s.io/kubernetes's own go.mod points every staging module at
    # ./staging/src/...; a dependent module must pin each to its release.
    go mod download -json "k8s.io/kubernetes@$K8S_VERSION" >/dev/null
    local k8s_gomod replaces
    k8s_gomod=$(go env GOMODCACHE)/cache/download/k8s.io/kubernetes/@v/$K8S_VERSION.mod
    replaces=$(awk -v v="$staging_version" '
        $2 == "=>" && $3 ~ /^\.\/staging\// { printf "\t%s => %s %s\n", $1, $1, v }
    ' "$k8s_gomod")
    [[ -n $replaces ]] || { log "found no staging modules in $k8s_gomod"; exit 1; }
    write_module "$k8s_dir" "$(printf '\tk8s.io/kubernetes %s\n' "$K8S_VERSION")" "$replaces" \
        "${@/#/k8s.io/kubernetes/cmd/}"
    # What hack/lib/version.sh stamps, so `kubectl version` and /version tell
    # the truth (otherwise v0.0.0-master).
    local minor=${K8S_VERSION#v1.} p k8s_ldflags=""
    minor=${minor%%.*}
    for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
        k8s_ldflags+=" -X $p.gitVersion=$K8S_VERSION -X $p.gitMajor=1 -X $p.gitMinor=$minor"
        k8s_ldflags+=" -X $p.gitTreeState=clean -X $p.buildDate=1970-01-01T00:00:00Z"
    done
    for t in "${wanted_tools[@]}"; do
        build "$t" "$K8S_VERSION" "$k8s_dir" "k8s.io/kubernetes/cmd/$t" "$k8s_ldflags"
    done
}
build_k8s "$SRC/kubernetes-$K8S_VERSION" kube-apiserver kube-controller-manager kubectl
# The node's commands in a module of their own: the control plane's module
# (and its cached builds) stays as it is.
build_k8s "$SRC/kubernetes-node-$K8S_VERSION" kubelet kube-scheduler

# --- etcd -------------------------------------------------------------------
if wanted etcd && ! have etcd "$ETCD_VERSION"; then
    etcd_dir=$SRC/etcd-$ETCD_VERSION
    mkdir -p "$etcd_dir/cmd/etcd"
    cat >"$etcd_dir/cmd/etcd/main.go" <<'EOF'
// Command etcd is etcd's own server main, built from its Go module.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() { etcdmain.Main(os.Args) }
EOF
    write_module "$etcd_dir" "$(printf '\tgo.etcd.io/etcd/server/v3 %s\n' "$ETCD_VERSION")" "" \
        go.etcd.io/etcd/server/v3/etcdmain
    build etcd "$ETCD_VERSION" "$etcd_dir" ./cmd/etcd
fi

# --- helm -------------------------------------------------------------------
if wanted helm && ! have helm "$HELM_VERSION"; then
    helm_dir=$SRC/helm-$HELM_VERSION
    write_module "$helm_dir" "$(printf '\thelm.sh/helm/v3 %s\n' "$HELM_VERSION")" "" \
        helm.sh/helm/v3/cmd/helm
    build helm "$HELM_VERSION" "$helm_dir" helm.sh/helm/v3/cmd/helm \
        "-X helm.sh/helm/v3/internal/version.version=$HELM_VERSION"
fi

# --- crane ------------------------------------------------------------------
if wanted crane && ! have crane "$CRANE_VERSION"; then
    crane_dir=$SRC/go-containerregistry-$CRANE_VERSION
    write_module "$crane_dir" "$(printf '\tgithub.com/google/go-containerregistry %s\n' "$CRANE_VERSION")" "" \
        github.com/google/go-containerregistry/cmd/crane
    build crane "$CRANE_VERSION" "$crane_dir" github.com/google/go-containerregistry/cmd/crane
fi

# --- registry (distribution) --------------------------------------------------
if wanted registry && ! have registry "$DISTRIBUTION_VERSION"; then
    registry_dir=$SRC/distribution-$DISTRIBUTION_VERSION
    write_module "$registry_dir" "$(printf '\tgithub.com/distribution/distribution/v3 %s\n' "$DISTRIBUTION_VERSION")" "" \
        github.com/distribution/distribution/v3/cmd/registry
    build registry "$DISTRIBUTION_VERSION" "$registry_dir" github.com/distribution/distribution/v3/cmd/registry \
        "-X github.com/distribution/distribution/v3/version.version=$DISTRIBUTION_VERSION"
fi

# --- source-controller ------------------------------------------------------
# Built as a dependency of a throwaway module, so its own replace directives
# do not apply: the ones naming another module (go-digest with BLAKE3) are
# carried over; the one pointing at ./api is left out (the api module's
# release of the same version is required instead).
if wanted source-controller && ! have source-controller "$FLUX_SOURCE_CONTROLLER"; then
    flux_dir=$SRC/source-controller-$FLUX_SOURCE_CONTROLLER
    go mod download -json "github.com/fluxcd/source-controller@$FLUX_SOURCE_CONTROLLER" >/dev/null
    flux_gomod=$(go env GOMODCACHE)/cache/download/github.com/fluxcd/source-controller/@v/$FLUX_SOURCE_CONTROLLER.mod
    flux_replaces=$(awk '
        $1 == "replace" && $3 == "=>" && $4 !~ /^\./ { printf "\t%s => %s %s\n", $2, $4, $5 }
    ' "$flux_gomod")
    write_module "$flux_dir" "$(printf '\tgithub.com/fluxcd/source-controller %s\n\tgithub.com/fluxcd/source-controller/api %s\n' \
        "$FLUX_SOURCE_CONTROLLER" "$FLUX_SOURCE_CONTROLLER")" "$flux_replaces" \
        github.com/fluxcd/source-controller
    build source-controller "$FLUX_SOURCE_CONTROLLER" "$flux_dir" github.com/fluxcd/source-controller
fi

# --- crictl -----------------------------------------------------------------
if wanted crictl && ! have crictl "$CRICTL_VERSION"; then
    crictl_dir=$SRC/cri-tools-$CRICTL_VERSION
    write_module "$crictl_dir" "$(printf '\tsigs.k8s.io/cri-tools %s\n' "$CRICTL_VERSION")" "" \
        sigs.k8s.io/cri-tools/cmd/crictl
    build crictl "$CRICTL_VERSION" "$crictl_dir" sigs.k8s.io/cri-tools/cmd/crictl \
        "-X sigs.k8s.io/cri-tools/pkg/version.Version=$CRICTL_VERSION"
fi

log "all tools ready in $((SECONDS - total_start))s"
echo "$BIN"
