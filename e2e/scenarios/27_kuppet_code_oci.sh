#!/usr/bin/env bash
# Issue 12: a Manifest's code from an OCI artifact. A local registry (crane
# registry serve), `kuppet push` of an environment (a profile module with a
# template and Debian's stdlib, Hiera data per node role), a Manifest with
# spec.code: the nodes' NodeCatalogs name the revision and the agents
# converge; a new revision is followed; a broken one leaves the Manifest not
# Ready (ArtifactFailed) and the nodes on the last good catalog. A module
# file over the inline limit travels by checksum: the controller's HTTPS
# content endpoint serves it to the agents (their node-bound tokens, for the
# audience kuppet-content), who verify it before writing; no token, or a
# token that is no agent's, is refused. The registry is distribution's
# (CNCF's registry, filesystem storage): a blob altered in its storage is
# refused by the controller (DigestMismatch) and the nodes stay.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_compile_and_apply
REGISTRY=$("$E2E_DIR/tools.sh" registry | tail -n 1)/registry
[[ -x $REGISTRY ]] || fail "distribution's registry not found: run e2e/tools.sh registry"

NODES=(e2e-code-web e2e-code-db)
# has_revision NODE REV: the node's NodeCatalog was compiled from REV.
has_revision() { [[ $(k get nodecatalog "$1" -o jsonpath='{.spec.sources[?(@.name=="site")].revision}') == "$2" ]]; }
# ready_reason REASON: the Manifest's Ready condition has REASON.
ready_reason() {
    [[ $(k get manifest site -n default -o jsonpath='{.status.conditions[?(@.type=="Ready")].reason}') == "$1" ]]
}
cleanup() {
    k delete manifest site -n default --ignore-not-found >/dev/null
    for n in "${NODES[@]}"; do delete_node "$n"; done
}
trap cleanup EXIT
install_kuppet

port=$(free_port)
storage=$E2E_STATE/registry-storage
rm -rf "$storage" && mkdir -p "$storage"
cat >"$E2E_STATE/registry.yml" <<YAML
version: 0.1
log: {level: warn}
storage:
  filesystem: {rootdirectory: $storage}
http: {addr: "127.0.0.1:$port"}
YAML
start_bg registry "$REGISTRY" serve "$E2E_STATE/registry.yml"
wait_for 30 "the registry" curl -fsS "http://127.0.0.1:$port/v2/"
ref="oci://127.0.0.1:$port/puppet/control:production"

env=$E2E_STATE/code-env
rm -rf "$env"
mkdir -p "$env/manifests" "$env/modules/profile/manifests" "$env/modules/profile/templates" "$env/data/roles" \
    "$env/modules/profile/files"
# Over the inline limit (16 KiB): listed by checksum, fetched by the agents.
head -c 3000000 /dev/urandom >"$env/modules/profile/files/big.bin"
cp -rL "$(debian_module stdlib puppet-module-puppetlabs-stdlib)" "$env/modules/stdlib"
cat >"$env/manifests/site.pp" <<'PP'
include profile::motd
PP
cat >"$env/modules/profile/manifests/motd.pp" <<'PP'
class profile::motd(String $greeting, String $revision = 'one') {
  file { '/etc/kuppet-code-motd':
    ensure  => file,
    content => template('profile/motd.erb'),
  }
  file { '/etc/kuppet-code-big.bin':
    ensure => file,
    source => 'puppet:///modules/profile/big.bin',
  }
}
PP
echo '<%= @greeting %> (<%= @revision %>)' >"$env/modules/profile/templates/motd.erb"
cat >"$env/hiera.yaml" <<'YAML'
version: 5
hierarchy:
  - name: role
    path: "roles/%{facts.kubernetes.labels.role}.yaml"
  - name: common
    path: common.yaml
YAML
echo 'profile::motd::greeting: hello' >"$env/data/common.yaml"
echo 'profile::motd::greeting: hello web' >"$env/data/roles/web.yaml"

expect_ok "kuppet push of revision one" "$KUPPET_BIN" push --insecure --revision one "$env" "$ref"

fresh_node e2e-code-web role=web e2e-code=oci
fresh_node e2e-code-db role=db e2e-code=oci
# The content endpoint's TLS: a throwaway CA and a certificate for 127.0.0.1.
tls=$E2E_STATE/content-tls
rm -rf "$tls" && mkdir -p "$tls"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 \
    -subj "/CN=e2e content CA" -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign" -keyout "$tls/ca.key" -out "$tls/ca.crt" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=127.0.0.1" \
    -keyout "$tls/tls.key" -out "$tls/tls.csr" 2>/dev/null
printf 'basicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1\n' >"$tls/ext"
openssl x509 -req -in "$tls/tls.csr" -CA "$tls/ca.crt" -CAkey "$tls/ca.key" -CAcreateserial -days 1 \
    -extfile "$tls/ext" -out "$tls/tls.crt" 2>/dev/null
cport=$(free_port)
start_controller controller-code --metrics-addr "127.0.0.1:$(free_port)" \
    --artifact-cache "$E2E_STATE/artifact-cache" \
    --content-addr "127.0.0.1:$cport" --content-tls-cert "$tls/tls.crt" --content-tls-key "$tls/tls.key" \
    --content-agent-service-account "$KUPPET_NS:$KUPPET_AGENT_SA" --content-token-audience kuppet-content
for n in "${NODES[@]}"; do
    # A node-bound token for the content endpoint only, as the chart projects.
    (umask 077 && k create token "$KUPPET_AGENT_SA" -n "$KUPPET_NS" --audience kuppet-content \
        --bound-object-kind=Node --bound-object-name="$n" --duration=2h >"$tls/token-$n")
    start_agent "$n" --content-url "https://127.0.0.1:$cport" --content-ca "$tls/ca.crt" \
        --content-token "$tls/token-$n"
done
wait_nodefacts "${NODES[@]}"

k apply -f - >/dev/null <<EOF
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata: {name: site, namespace: default}
spec:
  nodeSelector: {matchLabels: {e2e-code: oci}}
  code:
    oci: {url: "$ref", interval: 5s, insecure: true}
EOF
expect_ok "the Manifest with spec.code becomes Ready" \
    k wait --for=condition=Ready --timeout=180s manifest/site -n default
assert_eq "hello web (one)" "$(cat "$(node_root e2e-code-web)/etc/kuppet-code-motd")" "web node's motd (role data, template)"
assert_eq "hello (one)" "$(cat "$(node_root e2e-code-db)/etc/kuppet-code-motd")" "db node's motd (common data)"
assert_eq "one" "$(k get nodecatalog e2e-code-web -o jsonpath='{.spec.sources[?(@.name=="site")].revision}')" "the NodeCatalog names the revision"
for n in "${NODES[@]}"; do
    expect_ok "$n's NodeCatalog equals kuppet compile of the pushed tree with its facts" catalog_is_compile "$n" "$env"
done

# --- the large file: by checksum, verified, only for agents ------------------
for n in "${NODES[@]}"; do
    expect_ok "the large module file reached $n intact" \
        cmp "$env/modules/profile/files/big.bin" "$(node_root "$n")/etc/kuppet-code-big.bin"
done
sha=$(sha256sum "$env/modules/profile/files/big.bin" | cut -d' ' -f1)
assert_eq "profile/files/big.bin $sha 3000000" \
    "$(k get nodecatalog e2e-code-web -o jsonpath='{.spec.content[0].path} {.spec.content[0].sha256} {.spec.content[0].size}')" \
    "the NodeCatalog lists the large file by checksum"
size=$(k get nodecatalog e2e-code-web -o json | wc -c)
measure "NodeCatalog bytes with a 3 MB module file by checksum" "$size" " bytes"
(( size < 200000 )) || fail "the NodeCatalog carries the large file ($size bytes)"
url="https://127.0.0.1:$cport/v1/content/sha256/$sha"
assert_eq 401 "$(curl -s -o /dev/null -w '%{http_code}' --cacert "$tls/ca.crt" "$url")" "no token"
other=$(k create token default -n default --audience kuppet-content --duration=10m)
assert_eq 403 "$(curl -s -o /dev/null -w '%{http_code}' --cacert "$tls/ca.crt" \
    -H "Authorization: Bearer $other" "$url")" "a token that is no agent's"
assert_eq 200 "$(curl -s -o /dev/null -w '%{http_code}' --cacert "$tls/ca.crt" \
    -H "Authorization: Bearer $(cat "$tls/token-e2e-code-web")" "$url")" "the web agent's token"
assert_eq "one one" "$(k get manifest site -n default -o jsonpath='{.status.lastAttemptedRevision} {.status.lastAppliedRevision}')" "Manifest revisions"

# --- a new revision: nodes follow ------------------------------------------
sed -i "s/'one'/'two'/" "$env/modules/profile/manifests/motd.pp"
t0=$(now_ms)
expect_ok "kuppet push of revision two" "$KUPPET_BIN" push --insecure --revision two "$env" "$ref"
for n in "${NODES[@]}"; do
    wait_for 60 "the NodeCatalog of $n from revision two" has_revision "$n" two
done
measure "kuppet push of a new revision to every NodeCatalog updated, 2 agents" "$(seconds_since "$t0")"
wait_for 60 "the web node converges to revision two" \
    grep -qx "hello web (two)" "$(node_root e2e-code-web)/etc/kuppet-code-motd"

# --- a broken revision: the Manifest says why, nodes stay --------------------
good=$(digest_of e2e-code-web)
echo 'class profile::motd( {' >"$env/modules/profile/manifests/motd.pp"
echo 'notify { ' >>"$env/manifests/site.pp"
expect_ok "kuppet push of a broken revision" "$KUPPET_BIN" push --insecure --revision three "$env" "$ref"
wait_for 60 "the Manifest to report ArtifactFailed" ready_reason ArtifactFailed
assert_eq "False" "$(k get manifest site -n default -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" "Ready after a broken push"
assert_eq "two" "$(k get manifest site -n default -o jsonpath='{.status.lastAppliedRevision}')" "the last good revision stays applied"
assert_eq "$good" "$(digest_of e2e-code-web)" "the node keeps its last good catalog"

# --- a blob altered in the registry's storage: refused, nodes stay -------------
# Revision four is pushed under another tag, its content layer is altered in
# the registry's storage, then the manifest is tagged production: the
# registry serves the altered bytes under the layer's digest.
cat >"$env/manifests/site.pp" <<'PP'
include profile::motd
PP
cat >"$env/modules/profile/manifests/motd.pp" <<'PP'
class profile::motd(String $greeting, String $revision = 'four') {
  file { '/etc/kuppet-code-motd': ensure => file, content => template('profile/motd.erb') }
}
PP
staging="oci://127.0.0.1:$port/puppet/control:staging"
expect_ok "kuppet push of revision four under another tag" "$KUPPET_BIN" push --insecure --revision four "$env" "$staging"
accept='Accept: application/vnd.oci.image.manifest.v1+json'
curl -fsS -H "$accept" -o "$E2E_STATE/staging-manifest.json" "http://127.0.0.1:$port/v2/puppet/control/manifests/staging" ||
    fail "could not read revision four's manifest"
layer=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["layers"][0]["digest"])' "$E2E_STATE/staging-manifest.json")
hex=${layer#sha256:}
blob=$storage/docker/registry/v2/blobs/sha256/${hex:0:2}/$hex/data
[[ -f $blob ]] || fail "the layer's blob $blob is not in the registry's storage"
python3 - "$blob" <<'PY'
import sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
data[len(data) // 2] ^= 0xFF  # one byte, same size
open(path, "wb").write(bytes(data))
PY
expect_ok "revision four tagged production" curl -fsS -X PUT -H "Content-Type: application/vnd.oci.image.manifest.v1+json" \
    --data-binary "@$E2E_STATE/staging-manifest.json" "http://127.0.0.1:$port/v2/puppet/control/manifests/production"
wait_for 60 "the Manifest to report DigestMismatch" ready_reason DigestMismatch
assert_eq "True" "$(k get manifest site -n default -o jsonpath='{.status.conditions[?(@.type=="Stalled")].status}')" "a tampered artifact is not retried as if the registry were away"
assert_eq "$good" "$(digest_of e2e-code-web)" "the node keeps its last good catalog"
assert_eq "hello web (two)" "$(cat "$(node_root e2e-code-web)/etc/kuppet-code-motd")" "the node's file is untouched"
