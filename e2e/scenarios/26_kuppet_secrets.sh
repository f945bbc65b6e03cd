#!/usr/bin/env bash
# Issue 10 item 5: a node's secrets stay with that node. Two agents; a
# Manifest gives each node a Sensitive value and a value read with
# kuppet::secret from a Kubernetes Secret its namespace's grant lists. With
# node A's agent credentials (the token its agent runs with), node B's
# NodeCatalog is readable but holds neither value in clear text (raw object
# and decompressed catalog), while B's agent writes the right clear values
# into B's files. A Secret the grant does not list stalls its Manifest with
# SecretDenied, a missing key with SecretNotFound; a changed Secret reaches
# the node (the controller re-reads read Secrets every minute).
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply

NS=e2e-sec
NODES=(e2e-s-a e2e-s-b)
dir=$(mktemp -d)
cleanup() {
    k delete namespace "$NS" --ignore-not-found --wait=false >/dev/null
    k delete manifestgrant e2e-sec --ignore-not-found >/dev/null
    for n in "${NODES[@]}"; do delete_node "$n"; done
    rm -rf "$dir"
}
trap cleanup EXIT
install_kuppet
k create namespace "$NS" --dry-run=client -o yaml | k apply -f - >/dev/null
k apply -f - >/dev/null <<'EOF2'
apiVersion: kuppet.dev/v1alpha1
kind: ManifestGrant
metadata:
  name: e2e-sec
spec:
  namespaces: [e2e-sec]
  nodeSelector:
    matchLabels: {e2e-s: "yes"}
  secrets: [e2e-db*]
EOF2
k create secret generic e2e-db -n "$NS" --save-config \
    --from-literal=password-e2e-s-a=Db-Pw-For-A-7731 \
    --from-literal=password-e2e-s-b=Db-Pw-For-B-9624 >/dev/null
k create secret generic e2e-other -n "$NS" --from-literal=x=Not-Granted-5150 >/dev/null

for n in "${NODES[@]}"; do fresh_node "$n" e2e-s=yes; done
start_controller controller
for n in "${NODES[@]}"; do start_agent "$n"; done
wait_nodefacts "${NODES[@]}"
for n in "${NODES[@]}"; do
    key=$(k get nodefacts "$n" -o jsonpath='{.spec.sealKey}')
    [[ ${#key} == 44 ]] || fail "$n published no seal key (spec.sealKey: '$key')"
done

manifest() {
    k apply -f - >/dev/null <<EOF2
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata:
  name: $1
  namespace: $NS
spec:
  nodeSelector:
    matchLabels: {e2e-s: "yes"}
  source: |
$(sed 's/^/    /' <<<"$2")
EOF2
}
manifest app "file { '/etc/e2e-sec': ensure => directory }
file { '/etc/e2e-sec/inline':
  ensure  => file,
  content => Sensitive(\"Inline-Zq9-\${trusted['certname']}\"),
}
file { '/etc/e2e-sec/db':
  ensure  => file,
  content => kuppet::secret('e2e-db', \"password-\${trusted['certname']}\"),
}"
expect_ok "the Manifest with secrets is Ready" k wait --for=condition=Ready --timeout=120s manifest/app -n "$NS"
for n in "${NODES[@]}"; do
    wait_for 60 "$n's agent to apply" catalog_ran "$n"
done

root_b=$(node_root e2e-s-b)
assert_eq "Inline-Zq9-e2e-s-b" "$(cat "$root_b/etc/e2e-sec/inline")" "B's Sensitive value in clear on B"
assert_eq "Db-Pw-For-B-9624" "$(cat "$root_b/etc/e2e-sec/db")" "B's Secret value in clear on B"
assert_eq "Db-Pw-For-A-7731" "$(cat "$(node_root e2e-s-a)/etc/e2e-sec/db")" "A's Secret value on A"

# Node A's agent credentials, as its agent runs: B's NodeCatalog, raw and decoded.
a_cfg=$E2E_STATE/kubeconfigs/agent-e2e-s-a
expect_ok "A's agent reads B's NodeCatalog" k_with "$a_cfg" get nodecatalog e2e-s-b -o json
raw=$E2E_OUT
compressed=$(k_with "$a_cfg" get nodecatalog e2e-s-b -o jsonpath='{.spec.compressedCatalog}')
decoded=$(k_with "$a_cfg" get nodecatalog e2e-s-b -o jsonpath='{.spec.catalog}')
if [[ -n $compressed ]]; then decoded+=$(base64 -d <<<"$compressed" | gunzip); fi
[[ -n $decoded ]] || fail "B's NodeCatalog holds no catalog"
for text in "$raw" "$decoded"; do
    for secret in Inline-Zq9 Db-Pw-For-B-9624 Db-Pw-For-A-7731; do
        [[ $text != *"$secret"* ]] || fail "B's NodeCatalog holds $secret in clear text"
    done
done
assert_contains "$decoded" kuppet_sealed "B's catalog holds sealed values"
# Nor do the Events, the controller's log or the agents' logs.
events=$(k get events -A -o yaml)
for secret in Inline-Zq9 Db-Pw-For; do
    [[ $events != *"$secret"* ]] || fail "an Event holds $secret in clear text"
    for f in "$E2E_STATE"/logs/controller.log "$E2E_STATE"/logs/agent-e2e-s-*.log; do
        if grep -q "$secret" "$f"; then fail "$f holds $secret in clear text"; fi
    done
done
log "ok: with A's token, B's NodeCatalog holds $(grep -o kuppet_sealed <<<"$decoded" | wc -l) sealed values and no clear secret"

# A changed Secret reaches the node at the next refresh.
t0=$(now_ms)
k create secret generic e2e-db -n "$NS" --save-config \
    --from-literal=password-e2e-s-a=Db-Pw-For-A-7731 \
    --from-literal=password-e2e-s-b=Db-Pw-For-B-Rotated \
    --dry-run=client -o yaml | k apply -f - >/dev/null
rotated() { [[ $(cat "$root_b/etc/e2e-sec/db" 2>/dev/null) == Db-Pw-For-B-Rotated ]]; }
wait_for 150 "the rotated Secret on B" rotated
measure "a changed Secret to its node" "$(seconds_since "$t0")"

# Node B loses its key (re-created, state dir wiped): its agent makes a new
# one and publishes it; a catalog sealed to the old key is refused
# (SealedForAnotherKey) and the controller seals to the new key.
old_key=$(k get nodefacts e2e-s-b -o jsonpath='{.spec.sealKey}')
old_digest=$(digest_of e2e-s-b)
stop_bg agent-e2e-s-b
rm -f "$root_b/var/lib/kuppet/seal-key.json"
echo stale >"$root_b/etc/e2e-sec/db"
t0=$(now_ms)
start_agent e2e-s-b
new_key() { [[ $(k get nodefacts e2e-s-b -o jsonpath='{.spec.sealKey}') != "$old_key" ]]; }
wait_for 60 "B's new seal key in its NodeFacts" new_key
resealed() { [[ $(digest_of e2e-s-b) != "$old_digest" ]]; }
wait_for 60 "B's catalog sealed to its new key" resealed
rewritten() { [[ $(cat "$root_b/etc/e2e-sec/db" 2>/dev/null) == Db-Pw-For-B-Rotated ]]; }
wait_for 90 "B's value applied with its new key" rewritten
measure "a new node key to its values applied" "$(seconds_since "$t0")"
log "B's agent log names the old key's seal $(grep -c 'sealed to the key' "$E2E_STATE/logs/agent-e2e-s-b.log" || true) time(s) (cache and NodeCatalog refused meanwhile)"

# Refused reads stall their Manifest with the reason; no node receives it.
reason() { k get manifest "$1" -n "$NS" -o jsonpath='{.status.conditions[?(@.type=="Stalled")].reason}'; }
stalled_with() { [[ $(reason "$1") == "$2" ]]; }
# (One at a time: a failing Manifest blocks the others on its nodes.)
manifest denied "file { '/etc/e2e-denied': content => kuppet::secret('e2e-other', 'x') }"
wait_for 60 "denied SecretDenied" stalled_with denied SecretDenied
msg=$(k get manifest denied -n "$NS" -o jsonpath='{.status.conditions[?(@.type=="Stalled")].message}')
assert_contains "$msg" "e2e-sec/denied.pp, line: 1" "the refusal is located"
k delete manifest denied -n "$NS" >/dev/null
manifest missing "file { '/etc/e2e-missing': content => kuppet::secret('e2e-db', 'nope') }"
wait_for 60 "missing SecretNotFound" stalled_with missing SecretNotFound
msg=$(k get manifest missing -n "$NS" -o jsonpath='{.status.conditions[?(@.type=="Stalled")].message}')
assert_contains "$msg" "has no key nope" "the missing key is named"
for n in "${NODES[@]}"; do
    [[ ! -e $(node_root "$n")/etc/e2e-denied ]] || fail "$n received the denied Manifest"
    sources=" $(k get nodecatalog "$n" -o jsonpath='{.spec.sources[*].name}') "
    [[ $sources != *" denied "* && $sources != *" missing "* ]] || fail "$n: catalog sources $sources"
done
log "ok: SecretDenied and SecretNotFound held"
