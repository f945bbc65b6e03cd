#!/usr/bin/env bash
# Issue 14 with issue 12: a rollout of a Manifest whose code is an OCI
# artifact (`spec.code`). Each new revision (`kuppet push`, same Manifest
# generation) rolls out in stages: a canary node first, paused until
# promoted by the rollout's target digest, while the other nodes keep the
# stable revision; a revision that breaks the canary halts and the others
# never receive it; an abort puts the canary back on the stable revision.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply
CRANE=${KUPPET_CRANE:-$(command -v crane || true)}
[[ -x $CRANE ]] || fail "crane not found: run e2e/tools.sh crane (or set KUPPET_CRANE)"

M=cr-site
COUNT=6
NODES=()
for ((i = 1; i <= COUNT; i++)); do NODES+=("$(printf 'e2e-cr-%02d' "$i")"); done
cleanup() {
    k delete manifest "$M" -n default --ignore-not-found >/dev/null
    local n
    for n in "${NODES[@]}"; do k delete node "$n" --ignore-not-found --wait=false >/dev/null; done
}
trap cleanup EXIT
install_kuppet

port=$(free_port)
start_bg cr-registry "$CRANE" registry serve --address "127.0.0.1:$port"
wait_for 30 "the registry" curl -fsS "http://127.0.0.1:$port/v2/"
ref="oci://127.0.0.1:$port/puppet/rollout:production"

env=$E2E_STATE/code-rollout-env
rm -rf "$env"
mkdir -p "$env/manifests"
# publish REV [EXTRA_PUPPET]: an environment whose site.pp writes REV.
publish() {
    cat >"$env/manifests/site.pp" <<PP
file { '/etc/kuppet-code-rollout': ensure => file, content => "$1\n" }
${2:-}
PP
    expect_ok "kuppet push of revision $1" "$KUPPET_BIN" push --insecure --revision "$1" "$env" "$ref"
}
field() { k get manifest "$M" -n default -o jsonpath="{$1}"; }
# rollout_at REV PHASE: the rollout of revision REV is in PHASE.
rollout_at() { [[ $(field .status.rollout.targetRevision) == "$1" && $(field .status.rollout.phase) == "$2" ]]; }
revision_of() { k get nodecatalog "$1" -o jsonpath="{.spec.sources[?(@.name==\"$M\")].revision}"; }
content() { cat "$(node_root "$1")/etc/kuppet-code-rollout" 2>/dev/null; }
# nodes_on REV: how many nodes' NodeCatalogs hold revision REV.
nodes_on() {
    local n c=0
    for n in "${NODES[@]}"; do [[ $(revision_of "$n") == "$1" ]] && c=$((c + 1)); done
    echo "$c"
}
promote() {
    local digest
    digest=$(field .status.rollout.targetDigest)
    [[ -n $digest ]] || fail "no targetDigest in the rollout status"
    assert_contains "$(field '.status.conditions[?(@.type=="Paused")].message')" \
        "kuppet.dev/promote=$digest/canary" "the Paused condition names the digest to promote"
    k annotate manifest "$M" -n default "kuppet.dev/promote=$digest/canary" --overwrite >/dev/null
}

publish one
for n in "${NODES[@]}"; do fresh_node "$n" e2e-cr=yes; done
start_controller controller-cr --metrics-addr none --artifact-cache "$E2E_STATE/artifact-cache-cr"
for n in "${NODES[@]}"; do start_agent "$n"; done
wait_nodefacts "${NODES[@]}"

k apply -f - >/dev/null <<EOF2
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata: {name: $M, namespace: default}
spec:
  nodeSelector: {matchLabels: {e2e-cr: "yes"}}
  code:
    oci: {url: "$ref", interval: 5s, insecure: true}
  rollout:
    maxUnavailable: 2
    stages:
    - {name: canary, count: 1, pause: untilPromoted}
    failurePolicy: {haltAfter: 1}
EOF2

# 1. The first revision: the canary, a pause, a promotion, everyone.
wait_for 120 "revision one paused after its canary" rollout_at one Paused || fail "no pause"
assert_eq 1 "$(nodes_on one)" "nodes holding revision one while paused (the first revision has no stable one)"
promote
expect_ok "revision one rolled out" k wait --for=condition=Ready --timeout=180s "manifest/$M" -n default
for n in "${NODES[@]}"; do assert_eq one "$(content "$n")" "content on $n"; done
assert_eq "one" "$(field .status.rollout.stableRevision)" "the stable revision"

# 2. A new revision, same generation: the canary gets it, the others keep one.
generation=$(field .metadata.generation)
t0=$(now_ms)
publish two
wait_for 120 "revision two paused after its canary" rollout_at two Paused || fail "no pause for revision two"
assert_eq "$generation" "$(field .metadata.generation)" "a new revision is no new generation"
assert_eq 1 "$(nodes_on two)" "nodes holding revision two while paused"
sleep 6 # a poll interval: nothing moves while paused
assert_eq 1 "$(nodes_on two)" "still one node on revision two"
assert_eq $((COUNT - 1)) "$(nodes_on one)" "the others keep the stable revision"
canary=""
for n in "${NODES[@]}"; do [[ $(revision_of "$n") == two ]] && canary=$n; done
wait_for 60 "the canary applies revision two" bash -c "grep -qx two '$(node_root "$canary")/etc/kuppet-code-rollout'"
for n in "${NODES[@]}"; do
    [[ $n == "$canary" ]] || assert_eq one "$(content "$n")" "content on $n while paused"
done
promote
expect_ok "revision two rolled out" k wait --for=condition=Ready --timeout=180s "manifest/$M" -n default
measure "a revision of spec.code through a canary stage to $COUNT nodes (incl. the pause)" "$(seconds_since "$t0")"
for n in "${NODES[@]}"; do assert_eq two "$(content "$n")" "content on $n"; done
assert_eq "two" "$(field .status.rollout.stableRevision)" "the stable revision follows"

# 3. A revision that breaks the canary halts; the others never get it.
publish three "file { '/no/such/dir/code-rollout-probe': ensure => file, content => 'x' }"
wait_for 120 "the rollout of revision three halts" rollout_at three Halted || fail "no halt"
failed=$(field '.status.rollout.failedNodes[*].message')
assert_contains "$failed" "code-rollout-probe" "the failure names the resource"
assert_eq $((COUNT - 1)) "$(nodes_on two)" "the other nodes stay on revision two"

# 4. Abort by digest: the canary goes back to revision two.
digest=$(field .status.rollout.targetDigest)
k annotate manifest "$M" -n default "kuppet.dev/abort=$digest" --overwrite >/dev/null
wait_for 60 "the rollout to be aborted" rollout_at three Aborted || fail "no abort"
wait_for 120 "every node back on revision two" bash -c "[[ \$(for n in ${NODES[*]}; do kubectl --request-timeout=20s get nodecatalog \$n -o jsonpath='{.spec.sources[?(@.name==\"$M\")].revision}'; echo; done | grep -cx two) == $COUNT ]]" ||
    fail "not every node is back on revision two"
log "spec.code rollouts: staged by revision, promoted and aborted by digest, halted on failure"
