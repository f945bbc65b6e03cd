#!/usr/bin/env bash
# Issue 12, numbers: a control repo of 50 modules (each a class with ten
# resources, a template and a served file) pushed as an OCI artifact to 30
# agents. Measures the time from `kuppet push` to every NodeCatalog Ready
# (first revision and a new one), the controller's peak memory, and the
# largest NodeCatalog object.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply
CRANE=${KUPPET_CRANE:-$(command -v crane || true)}
[[ -x $CRANE ]] || fail "crane not found: run e2e/tools.sh crane (or set KUPPET_CRANE)"

COUNT=${KUPPET_E2E_SCALE:-30}
MODULES=50
NODES=()
for ((i = 1; i <= COUNT; i++)); do NODES+=("$(printf 'e2e-codescale-%02d' "$i")"); done
cleanup() {
    k delete manifest codescale -n default --ignore-not-found >/dev/null
    local n
    for n in "${NODES[@]}"; do k delete node "$n" --ignore-not-found --wait=false >/dev/null; done
}
trap cleanup EXIT
install_kuppet

port=$(free_port)
start_bg codescale-registry "$CRANE" registry serve --address "127.0.0.1:$port"
wait_for 30 "the registry" curl -fsS "http://127.0.0.1:$port/v2/"
ref="oci://127.0.0.1:$port/puppet/control:scale"

# --- a control repo of 50 modules --------------------------------------------
env=$E2E_STATE/codescale-env
rm -rf "$env"
mkdir -p "$env/manifests" "$env/data"
: >"$env/manifests/site.pp"
for ((m = 1; m <= MODULES; m++)); do
    mod=$(printf 'mod%02d' "$m")
    mkdir -p "$env/modules/$mod/manifests" "$env/modules/$mod/templates" "$env/modules/$mod/files"
    {
        echo "class $mod(String \$revision = 'one') {"
        echo "  file { '/etc/kuppet-codescale/$mod': ensure => directory }"
        for ((r = 1; r <= 7; r++)); do
            echo "  file { '/etc/kuppet-codescale/$mod/setting$r.conf': ensure => file, content => \"$mod setting $r \${revision}\\n\" }"
        done
        echo "  file { '/etc/kuppet-codescale/$mod/templated.conf': ensure => file, content => template('$mod/templated.erb') }"
        echo "  file { '/etc/kuppet-codescale/$mod/served.conf': ensure => file, source => 'puppet:///modules/$mod/served.conf' }"
        echo "}"
    } >"$env/modules/$mod/manifests/init.pp"
    echo "<%= @revision %> <%= @networking ? 'net' : 'nonet' %> $mod" >"$env/modules/$mod/templates/templated.erb"
    echo "served by $mod" >"$env/modules/$mod/files/served.conf"
    echo "include $mod" >>"$env/manifests/site.pp"
done
echo "file { '/etc/kuppet-codescale': ensure => directory }" >>"$env/manifests/site.pp"
log "control repo: $MODULES modules, $(du -sk "$env" | cut -f1) KiB"

for n in "${NODES[@]}"; do fresh_node "$n" role=e2e-codescale; done
start_controller controller-codescale --metrics-addr none --artifact-cache "$E2E_STATE/codescale-cache"
for n in "${NODES[@]}"; do start_agent "$n"; done
wait_nodefacts "${NODES[@]}"
log "$COUNT agents up"

expect_ok "kuppet push of revision one" "$KUPPET_BIN" push --insecure --revision one "$env" "$ref"
t0=$(now_ms)
k apply -f - >/dev/null <<EOF
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata: {name: codescale, namespace: default}
spec:
  nodeSelector: {matchLabels: {role: e2e-codescale}}
  code:
    oci: {url: "$ref", interval: 5s, insecure: true}
EOF
expect_ok "the 50-module environment Ready on $COUNT nodes" \
    k wait --for=condition=Ready --timeout=600s manifest/codescale -n default
measure "a 50-module environment: Manifest to every NodeCatalog Ready, $COUNT agents" "$(seconds_since "$t0")"
assert_eq "$COUNT $COUNT" \
    "$(k get manifest codescale -n default -o jsonpath='{.status.selectedNodes} {.status.appliedNodes}')" "counts"
first=${NODES[0]}
assert_eq "served by mod50" "$(cat "$(node_root "$first")/etc/kuppet-codescale/mod50/served.conf")" "a served file on $first"
assert_eq "one net mod01" "$(cat "$(node_root "$first")/etc/kuppet-codescale/mod01/templated.conf")" "a template on $first"

# --- a new revision ---------------------------------------------------------
sed -i "s/String \$revision = 'one'/String \$revision = 'two'/" "$env"/modules/*/manifests/init.pp
t0=$(now_ms)
expect_ok "kuppet push of revision two" "$KUPPET_BIN" push --insecure --revision two "$env" "$ref"
wait_applied_two() {
    [[ $(k get manifest codescale -n default -o jsonpath='{.status.lastAppliedRevision} {.status.appliedNodes}') == "two $COUNT" ]] &&
        k wait --for=condition=Ready --timeout=1s manifest/codescale -n default >/dev/null 2>&1
}
wait_for 600 "revision two applied on $COUNT nodes" wait_applied_two
measure "kuppet push of a new revision to every node applied, $MODULES modules, $COUNT agents" "$(seconds_since "$t0")"
assert_eq "two net mod07" "$(cat "$(node_root "$first")/etc/kuppet-codescale/mod07/templated.conf")" "revision two on $first"

# --- the controller's memory and the largest NodeCatalog ---------------------
pid=$(bg_pid controller-codescale) || fail "the controller is not running"
hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status")
measure "controller peak memory (VmHWM), $MODULES modules, $COUNT nodes" "$((hwm / 1024))" " MiB"
largest=0
for n in "${NODES[@]}"; do
    size=$(k get nodecatalog "$n" -o json | wc -c)
    ((size > largest)) && largest=$size
done
measure "largest NodeCatalog object ($((MODULES * 10 + 1)) resources and served files)" "$((largest / 1024))" " KiB"
