#!/usr/bin/env bash
# The controllers kuppet relies on run: the garbage collector deletes objects
# whose owner is a Node once that Node is deleted (namespaced and
# cluster-scoped dependents alike), and the namespace controller finishes
# deleting a namespace.
. "$(dirname "$0")/../lib.sh"

NS=e2e-gc
NODE=e2e-gc-node
cleanup() { k delete namespace "$NS" --ignore-not-found --wait=false >/dev/null; delete_node "$NODE"; }
trap cleanup EXIT

create_node "$NODE"
uid=$(k get node "$NODE" -o jsonpath='{.metadata.uid}')
owner="ownerReferences: [{apiVersion: v1, kind: Node, name: $NODE, uid: $uid}]"
k create namespace "$NS" >/dev/null
k apply -f - >/dev/null <<YAML
apiVersion: v1
kind: ConfigMap
metadata: {name: owned-by-node, namespace: $NS, $owner}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: e2e-gc-owned-by-node, $owner}
rules: []
YAML
k get configmap owned-by-node -n "$NS" >/dev/null
k get clusterrole e2e-gc-owned-by-node >/dev/null

k delete node "$NODE" >/dev/null
gone() { ! k get "$@" >/dev/null 2>&1; }
wait_for 60 "the garbage collector to delete the namespaced dependent" gone configmap owned-by-node -n "$NS"
wait_for 60 "the garbage collector to delete the cluster-scoped dependent" gone clusterrole e2e-gc-owned-by-node
log "ok: dependents of a deleted Node are garbage-collected"

k delete namespace "$NS" --wait=false >/dev/null
wait_for 60 "the namespace controller to finish deleting $NS" gone namespace "$NS"
log "ok: namespace deletion completes"
