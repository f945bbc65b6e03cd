#!/usr/bin/env bash
# Issue 5, e2e 4: an edited Manifest converges the nodes again; a Manifest
# with a syntax error is Stalled with its line and column while every node
# keeps its catalog; a noop Manifest leaves its nodes Drifted and unchanged.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply

NODES=(e2e-chg-1 e2e-chg-2)
cleanup() {
    k delete manifest chg-file chg-broken chg-noop -n default --ignore-not-found >/dev/null
    for n in "${NODES[@]}"; do delete_node "$n"; done
}
trap cleanup EXIT
install_kuppet
fresh_node e2e-chg-1 role=e2e-chg
fresh_node e2e-chg-2 role=e2e-chg
start_controller controller --metrics-addr none
for n in "${NODES[@]}"; do start_agent "$n"; done
wait_nodefacts "${NODES[@]}"

file_pp() { printf "file { '/etc/kuppet-e2e.conf':\n  ensure  => file,\n  content => \"%s\\\\n\",\n}\n" "$1"; }
conf() { cat "$(node_root "$1")/etc/kuppet-e2e.conf" 2>/dev/null; }

# --- an edit converges again ---------------------------------------------------
apply_manifest chg-file '{role: e2e-chg}' "$(file_pp v1)"
expect_ok "chg-file v1 Ready" k wait --for=condition=Ready --timeout=120s manifest/chg-file -n default
assert_eq v1 "$(conf e2e-chg-1)" "v1 on e2e-chg-1"
t0=$(now_ms)
apply_manifest chg-file '{role: e2e-chg}' "$(file_pp v2)"
assert_eq 2 "$(k get manifest chg-file -n default -o jsonpath='{.metadata.generation}')" "generation after the edit"
expect_ok "chg-file v2 Ready" k wait --for=condition=Ready --timeout=120s manifest/chg-file -n default
measure "an edit to every NodeCatalog Ready, 2 agents" "$(seconds_since "$t0")"
for n in "${NODES[@]}"; do assert_eq v2 "$(conf "$n")" "v2 on $n"; done
assert_eq 2 "$(k get manifest chg-file -n default -o jsonpath='{.status.observedGeneration}')" "observedGeneration"

# --- a syntax error: Stalled with line and column, catalogs kept -------------
before="$(digest_of e2e-chg-1) $(digest_of e2e-chg-2)"
apply_manifest chg-broken '{}' "$(printf "file { '/etc/never':\n  content => 'x'\n}}\n")"
expect_ok "the broken Manifest is Stalled" \
    k wait --for=condition=Stalled --timeout=60s manifest/chg-broken -n default
assert_eq "ParseFailed" "$(k get manifest chg-broken -n default -o jsonpath='{.status.conditions[?(@.type=="Stalled")].reason}')" "Stalled reason"
assert_eq "False" "$(k get manifest chg-broken -n default -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" "Ready"
where=$(k get manifest chg-broken -n default -o jsonpath='{.status.errors[0].file}:{.status.errors[0].line}:{.status.errors[0].column}')
assert_eq "default/chg-broken.pp:3:2" "$where" "error location"
assert_contains "$(k get manifest chg-broken -n default -o jsonpath='{.status.errors[0].message}')" "line: 3, column: 2" "error message"
wait_for 30 "a ParseFailed Warning Event" bash -c "kubectl --request-timeout=20s events -n default --for manifest/chg-broken | grep -q 'Warning.*ParseFailed'"
sleep 3
assert_eq "$before" "$(digest_of e2e-chg-1) $(digest_of e2e-chg-2)" "the nodes keep their catalogs"
assert_eq "True" "$(k get manifest chg-file -n default -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" "the other Manifest stays Ready"
[[ ! -e $(node_root e2e-chg-1)/etc/never ]] || fail "a broken Manifest reached a node"
k delete manifest chg-broken -n default >/dev/null

# --- noop: Drifted, nothing changed ------------------------------------------
printf 'edited by hand\n' >"$(node_root e2e-chg-1)/etc/kuppet-e2e-noop.conf"
apply_manifest chg-noop '{role: e2e-chg}' "$(printf "file { '/etc/kuppet-e2e-noop.conf':\n  ensure  => file,\n  content => \"managed\\\\n\",\n}\n")" true
expect_ok "noop nodes are Drifted" \
    k wait --for=condition=Drifted --timeout=120s nodecatalog/e2e-chg-1 nodecatalog/e2e-chg-2
assert_eq "edited by hand" "$(cat "$(node_root e2e-chg-1)/etc/kuppet-e2e-noop.conf")" "noop changed nothing"
[[ ! -e $(node_root e2e-chg-2)/etc/kuppet-e2e-noop.conf ]] || fail "noop created a file"
assert_contains "$(k get nodecatalog e2e-chg-1 -o jsonpath='{.status.conditions[?(@.type=="Drifted")].message}')" "kuppet-e2e-noop.conf" "Drifted message"
assert_eq "Drifted" "$(k get nodecatalog e2e-chg-1 -o jsonpath='{.status.lastRun.outcome}')" "last run outcome"
expect_ok "a noop Manifest applied without failures is Ready" \
    k wait --for=condition=Ready --timeout=60s manifest/chg-noop -n default
assert_eq v2 "$(conf e2e-chg-1)" "the other Manifest's file is still enforced"
