#!/usr/bin/env bash
# Issue 5, e2e 2 and 3: three Nodes with different labels, the controller and
# one agent per node (each with its own sandbox root and a token bound to its
# Node). Applying Manifests gives every node its NodeCatalog, the agents
# converge their sandboxes, `kubectl wait --for=condition=Ready` succeeds on
# the Manifests and NodeCatalogs, `kubectl get` shows the counts, Events are
# listed, and the objects go with their Node.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply

NODES=(e2e-web-1 e2e-web-2 e2e-db-1)
cleanup() {
    k delete manifest motd web-content -n default --ignore-not-found >/dev/null
    for n in "${NODES[@]}"; do delete_node "$n"; done
}
trap cleanup EXIT
install_kuppet

fresh_node e2e-web-1 role=web kuppet.dev/admins=true
fresh_node e2e-web-2 role=web
fresh_node e2e-db-1 role=db
metrics_port=$(free_port)
start_controller controller --metrics-addr "127.0.0.1:$metrics_port"
for n in "${NODES[@]}"; do start_agent "$n"; done
wait_nodefacts "${NODES[@]}"
for n in "${NODES[@]}"; do
    wait_for 60 "the first (empty) NodeCatalog of $n" k get nodecatalog "$n"
done

# --- apply, converge, report -------------------------------------------------
t0=$(now_ms)
k apply -f "$REPO_DIR/manifests/examples/motd.yaml" >/dev/null
apply_manifest web-content '{role: web}' "$(cat <<'PP'
file { '/srv/www':
  ensure => directory,
}
file { '/srv/www/index.html':
  ensure  => file,
  content => "hello from ${trusted['certname']}\n",
}
PP
)"
expect_ok "the Manifests become Ready" \
    k wait --for=condition=Ready --timeout=180s manifest/motd manifest/web-content -n default
measure "kubectl apply to every NodeCatalog Ready, 3 agents" "$(seconds_since "$t0")"
expect_ok "every NodeCatalog is Ready" \
    k wait --for=condition=Ready --timeout=30s "${NODES[@]/#/nodecatalog/}"

for n in "${NODES[@]}"; do
    motd=$(cat "$(node_root "$n")/etc/motd")
    assert_contains "$motd" "$n: " "motd of $n"
done
assert_eq "hello from e2e-web-2" "$(cat "$(node_root e2e-web-2)/srv/www/index.html")" "web content on a web node"
[[ ! -e $(node_root e2e-db-1)/srv/www ]] || fail "the db node got the web content"

# What kubectl shows.
assert_eq "3 3 3" "$(k get manifest motd -n default -o jsonpath='{.status.selectedNodes} {.status.compiledNodes} {.status.appliedNodes}')" "motd counts"
assert_eq "2 2 2" "$(k get manifest web-content -n default -o jsonpath='{.status.selectedNodes} {.status.compiledNodes} {.status.appliedNodes}')" "web-content counts"
table=$(k get manifests,nodecatalogs -A)
log "kubectl get manifests,nodecatalogs:"$'\n'"$table"
assert_contains "$table" "Applied" "the Manifests' reason column"
web=$(k get nodecatalog e2e-web-1 -o jsonpath='{.status.resources.total} {.status.resources.changed} {.status.resources.failed} {.status.lastRun.outcome}')
read -r total changed failed outcome <<<"$web"
((total >= 3)) || fail "e2e-web-1 counts: $web"
# The two Manifests may reach the node in one catalog or in two (when their
# kubectl applies are further apart than the controller's debounce): the
# last run changed web-content's two files at least, and the Events name all three.
((changed >= 2)) || fail "e2e-web-1 changed: $web"
assert_eq "0 Changed" "$failed $outcome" "e2e-web-1 outcome"
events=$(k events -n default --for nodecatalog/e2e-web-1)
assert_contains "$events" "ResourceChanged" "Events of e2e-web-1"
assert_contains "$events" "File[/etc/motd]" "Events of e2e-web-1"
assert_contains "$events" "File[/srv/www]" "Events of e2e-web-1"
assert_contains "$events" "/srv/www/index.html" "Events of e2e-web-1"

# The next periodic run changes nothing; the catalog is not rewritten.
digest=$(digest_of e2e-web-1)
generation=$(k get nodecatalog e2e-web-1 -o jsonpath='{.metadata.generation}')
sleep 3
assert_eq "$digest $generation" "$(digest_of e2e-web-1) $(k get nodecatalog e2e-web-1 -o jsonpath='{.metadata.generation}')" "an unchanged catalog is not rewritten"

# The controller's metrics and probes.
assert_contains "$(http_get "$metrics_port" /metrics)" 'kuppet_compiles_total{result="success"}' "/metrics"
assert_contains "$(http_get "$metrics_port" /metrics)" 'kuppet_leader 1' "/metrics"
assert_contains "$(http_get "$metrics_port" /readyz)" "ok" "/readyz"

# --- a Node leaves: its NodeCatalog and NodeFacts go with it -----------------
stop_bg agent-e2e-db-1
owner=$(k get nodefacts e2e-db-1 -o jsonpath='{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name}')
assert_eq "Node/e2e-db-1" "$owner" "NodeFacts owner"
delete_node e2e-db-1
gone() { ! k get "$@" >/dev/null 2>&1; }
wait_for 60 "the NodeCatalog of a deleted Node to be collected" gone nodecatalog e2e-db-1
wait_for 60 "the NodeFacts of a deleted Node to be collected" gone nodefacts e2e-db-1
# A function, so that wait_for asks the API server again on every try.
motd_selects() { test "$(k get manifest motd -n default -o jsonpath='{.status.selectedNodes}')" = "$1"; }
wait_for 30 "motd to count 2 nodes" motd_selects 2
log "ok: a deleted Node leaves nothing behind"
