#!/usr/bin/env bash
# helm (built by tools.sh) drives the cluster as a user would: install,
# upgrade and uninstall a small chart.
. "$(dirname "$0")/../lib.sh"

NS=e2e-helm
chart=$(mktemp -d)
cleanup() {
    helm uninstall smoke -n "$NS" >/dev/null 2>&1 || true
    k delete namespace "$NS" --ignore-not-found --wait=false >/dev/null
    rm -rf "$chart"
}
trap cleanup EXIT

mkdir -p "$chart/templates"
cat >"$chart/Chart.yaml" <<'YAML'
apiVersion: v2
name: smoke
version: 0.1.0
YAML
cat >"$chart/values.yaml" <<'YAML'
greeting: hello
YAML
cat >"$chart/templates/configmap.yaml" <<'YAML'
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ .Release.Name }}-greeting
data:
  greeting: {{ .Values.greeting | quote }}
YAML

helm version --short
helm install smoke "$chart" -n "$NS" --create-namespace --wait --timeout 60s >/dev/null
assert_eq hello "$(k get configmap smoke-greeting -n "$NS" -o jsonpath='{.data.greeting}')" "installed value"
helm upgrade smoke "$chart" -n "$NS" --set greeting=bonjour --wait --timeout 60s >/dev/null
assert_eq bonjour "$(k get configmap smoke-greeting -n "$NS" -o jsonpath='{.data.greeting}')" "upgraded value"
assert_eq 2 "$(helm list -n "$NS" -o json | sed -n 's/.*"revision":"\([0-9]*\)".*/\1/p')" "release revision"
helm uninstall smoke -n "$NS" --wait >/dev/null
gone() { ! k get configmap smoke-greeting -n "$NS" >/dev/null 2>&1; }
wait_for 30 "the uninstalled release's ConfigMap to go" gone
log "ok: helm install, upgrade and uninstall"
