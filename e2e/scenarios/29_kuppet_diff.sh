#!/usr/bin/env bash
# Issue 14, preview: `kuppet diff --kubeconfig` against the real API server.
# With simulated agents converged on a Manifest, the diff of a candidate
# change predicts, node by node, exactly the resources the agents then
# change (their ResourceChanged Events) once the change is applied; after
# it, the same diff finds nothing to change (exit 0); a broken candidate
# exits 1 with its file and line. Measures the diff's run time.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply

COUNT=${KUPPET_E2E_DIFF_NODES:-30}
NODES=()
for ((i = 1; i <= COUNT; i++)); do NODES+=("$(printf 'e2e-diff-%02d' "$i")"); done
WORK=$E2E_STATE/diff-29
cleanup() {
    k delete manifest diff-site -n default --ignore-not-found >/dev/null
    local n
    for n in "${NODES[@]}"; do k delete node "$n" --ignore-not-found --wait=false >/dev/null; done
}
trap cleanup EXIT
rm -rf "$WORK" && mkdir -p "$WORK"
install_kuppet
# Three tiers: a (content changes), b (a file added), c (untouched).
for ((i = 0; i < COUNT; i++)); do
    fresh_node "${NODES[i]}" role=e2e-diff "tier=$(printf 'abc' | cut -c$((i % 3 + 1)))"
done
start_controller controller --metrics-addr none
for n in "${NODES[@]}"; do start_agent "$n"; done
wait_nodefacts "${NODES[@]}"

# manifest_yaml SOURCE: the Manifest diff-site (every e2e-diff node) as a file.
manifest_yaml() {
    cat <<EOF
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata:
  name: diff-site
spec:
  nodeSelector:
    matchLabels: {role: e2e-diff}
  source: |
$(sed 's/^/    /' <<<"$1")
EOF
}
manifest_yaml "$(cat <<'PP'
$tier = $facts['kubernetes']['labels']['tier']
file { '/etc/kuppet-diff.conf':
  ensure  => file,
  content => "v1 ${trusted['certname']}\n",
}
file { '/etc/kuppet-diff-tier.conf':
  ensure  => file,
  content => "tier ${tier}\n",
}
PP
)" >"$WORK/v1.yaml"
manifest_yaml "$(cat <<'PP'
$tier = $facts['kubernetes']['labels']['tier']
file { '/etc/kuppet-diff.conf':
  ensure  => file,
  content => $tier ? { 'a' => "v2 ${trusted['certname']}\n", default => "v1 ${trusted['certname']}\n" },
}
file { '/etc/kuppet-diff-tier.conf':
  ensure  => file,
  content => "tier ${tier}\n",
}
if $tier == 'b' {
  file { '/etc/kuppet-diff-b.conf':
    ensure  => file,
    content => "only on b\n",
  }
}
PP
)" >"$WORK/v2.yaml"
manifest_yaml "$(printf "file { '/etc/kuppet-diff.conf':\n  ensure  => file,\n  content => \$undefined_fn_result.nope(,\n}\n")" >"$WORK/broken.yaml"

k apply -n default -f "$WORK/v1.yaml" >/dev/null
expect_ok "diff-site v1 Ready on $COUNT nodes" \
    k wait --for=condition=Ready --timeout=600s manifest/diff-site -n default
for n in "${NODES[@]}"; do wait_for 120 "$n ran v1" catalog_ran "$n"; done
log "$COUNT agents converged on v1"

# The preview: every node compiled, a changed, b gains a file, c unchanged.
t0=$(now_ms)
rc=0
kuppet diff --kubeconfig "$KUBECONFIG" "$WORK/v2.yaml" >"$WORK/diff.txt" 2>"$WORK/diff.err" || rc=$?
measure "kuppet diff --kubeconfig, $COUNT nodes" "$(seconds_since "$t0")"
assert_eq 2 "$rc" "exit code of a diff with changes ($(cat "$WORK/diff.err"))"
kuppet diff --kubeconfig "$KUBECONFIG" --format json "$WORK/v2.yaml" >"$WORK/diff.json" || true
assert_contains "$(cat "$WORK/diff.json")" '"schema": "kuppet.dev/diff/v1"' "JSON schema"
text=$(cat "$WORK/diff.txt")
assert_contains "$text" "Summary: $COUNT nodes, $(((COUNT + 2) / 3 + (COUNT + 1) / 3)) changed" "fleet summary"
assert_contains "$text" "  ~ File[/etc/kuppet-diff.conf]  (default/diff-site.pp:2)" "a changed resource with its file:line"
assert_contains "$text" "-v1 e2e-diff-01" "the old content"
assert_contains "$text" "+v2 e2e-diff-01" "the new content"
assert_contains "$text" "  + File[/etc/kuppet-diff-b.conf]  (default/diff-site.pp:" "an added resource"
assert_contains "$text" "e2e-diff-01: NodeFacts/e2e-diff-01, written " "the facts used and their age"
assert_contains "$text" "previews catalogs, not what the providers" "its limits"

# predicted FILE: "NODE RESOURCE" for every resource added or changed.
predicted() {
    awk '/^\*\*\* /{node=$2; sub(/:$/, "", node)} /^  [+~] /{print node, $2}' "$1" | sort -u
}
# events_now: NAME, NODECATALOG and MESSAGE of every ResourceChanged Event.
events_now() {
    k get events -n default --field-selector reason=ResourceChanged,involvedObject.kind=NodeCatalog \
        -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.involvedObject.name}{"\t"}{.message}{"\n"}{end}'
}
# changed_since SEEN: "NODE RESOURCE" of each ResourceChanged Event not named in SEEN.
changed_since() {
    events_now | awk -F'\t' -v seen="$1" '
        BEGIN { while ((getline l < seen) > 0) old[l] = 1 }
        !($1 in old) && $2 ~ /^e2e-diff-/ { r = $3; sub(/\]: .*/, "]", r); print $2, r }' | sort -u
}
predicted "$WORK/diff.txt" >"$WORK/predicted"
events_now | cut -f1 | sort -u >"$WORK/seen-events"
before=()
for n in "${NODES[@]}"; do before+=("$(digest_of "$n")"); done

k apply -n default -f "$WORK/v2.yaml" >/dev/null
expect_ok "diff-site v2 Ready on $COUNT nodes" \
    k wait --for=condition=Ready --timeout=600s manifest/diff-site -n default
for ((i = 0; i < COUNT; i++)); do
    n=${NODES[i]}
    if grep -q "^$n " "$WORK/predicted"; then
        wait_for 120 "$n has a new catalog" catalog_changed "$n" "${before[i]}"
    fi
    wait_for 120 "$n ran its catalog" catalog_ran "$n"
done
# The Events of the last runs may trail the status by a moment.
enough_events() { (($(changed_since "$WORK/seen-events" | wc -l) >= $(wc -l <"$WORK/predicted"))); }
wait_for 30 "the agents' ResourceChanged Events" enough_events
changed_since "$WORK/seen-events" >"$WORK/changed"
if ! diff -u "$WORK/predicted" "$WORK/changed" >"$WORK/mismatch"; then
    cat "$WORK/mismatch" >&2
    fail "the diff's prediction and the agents' changes differ (- predicted, + changed)"
fi
log "predicted exactly the $(wc -l <"$WORK/changed") resource changes the agents made"
for n in "${NODES[@]}"; do
    [[ $(cat "$(node_root "$n")/etc/kuppet-diff-tier.conf") == "tier "* ]] || fail "tier file of $n"
done

# Applied: the same candidate changes nothing any more.
rc=0
kuppet diff --kubeconfig "$KUBECONFIG" "$WORK/v2.yaml" >"$WORK/after.txt" 2>&1 || rc=$?
assert_eq 0 "$rc" "exit code once applied ($(tail -n 3 "$WORK/after.txt"))"
assert_contains "$(cat "$WORK/after.txt")" "Summary: $COUNT nodes, 0 changed, $COUNT unchanged" "nothing left to change"

# A candidate that does not parse: every node fails, with file and line.
rc=0
kuppet diff --kubeconfig "$KUBECONFIG" "$WORK/broken.yaml" >"$WORK/broken.txt" 2>&1 || rc=$?
assert_eq 1 "$rc" "exit code of a broken candidate"
assert_contains "$(cat "$WORK/broken.txt")" "default/diff-site.pp" "the error names the file"
assert_contains "$(cat "$WORK/broken.txt")" "$COUNT failing to compile" "every node fails"
