#!/usr/bin/env bash
# Issue 5, acceptance: the time from `kubectl apply` of a Manifest to every
# agent's NodeCatalog Ready, with 30 agents (scenario 11 measures 3). Each
# agent is a process with its own sandbox and node-bound token.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply

COUNT=${KUPPET_E2E_SCALE:-30}
NODES=()
for ((i = 1; i <= COUNT; i++)); do NODES+=("$(printf 'e2e-scale-%02d' "$i")"); done
cleanup() {
    k delete manifest scale-motd -n default --ignore-not-found >/dev/null
    local n
    for n in "${NODES[@]}"; do k delete node "$n" --ignore-not-found --wait=false >/dev/null; done
}
trap cleanup EXIT
install_kuppet
for n in "${NODES[@]}"; do fresh_node "$n" role=e2e-scale; done
start_controller controller --metrics-addr none
for n in "${NODES[@]}"; do start_agent "$n"; done
wait_nodefacts "${NODES[@]}"
for n in "${NODES[@]}"; do
    wait_for 120 "the first NodeCatalog of $n" k get nodecatalog "$n"
done
log "$COUNT agents up"

t0=$(now_ms)
apply_manifest scale-motd '{role: e2e-scale}' "$(cat <<'PP'
file { '/etc/motd':
  ensure  => file,
  content => "${trusted['certname']} is managed by kuppet\n",
}
PP
)"
expect_ok "scale-motd Ready on $COUNT nodes" \
    k wait --for=condition=Ready --timeout=600s manifest/scale-motd -n default
measure "kubectl apply to every NodeCatalog Ready, $COUNT agents" "$(seconds_since "$t0")"
assert_eq "$COUNT $COUNT $COUNT" \
    "$(k get manifest scale-motd -n default -o jsonpath='{.status.selectedNodes} {.status.compiledNodes} {.status.appliedNodes}')" \
    "counts"
for n in "${NODES[@]}"; do
    assert_eq "$n is managed by kuppet" "$(cat "$(node_root "$n")/etc/motd")" "motd of $n"
done

# An edit, once all are up: the steady-state figure.
t0=$(now_ms)
apply_manifest scale-motd '{role: e2e-scale}' "$(cat <<'PP'
file { '/etc/motd':
  ensure  => file,
  content => "${trusted['certname']} is managed by kuppet (edited)\n",
}
PP
)"
expect_ok "the edit Ready on $COUNT nodes" \
    k wait --for=condition=Ready --timeout=600s manifest/scale-motd -n default
measure "an edit to every NodeCatalog Ready, $COUNT agents" "$(seconds_since "$t0")"
