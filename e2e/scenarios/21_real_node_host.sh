#!/usr/bin/env bash
# Issue 15, real node 2: the agent pod's exec, package, group and user
# resources act on the node's tree (the agent runs them chrooted into its
# /host: here an overlay of this machine's Debian root), with the tree's own
# tools (sh, dpkg, apt, useradd), never on the container's filesystem nor on
# this machine. A filesystem the node mounts after the agent started is seen
# by the agent (mountPropagation: HostToContainer) and written into.
. "$(dirname "$0")/../lib.sh"
. "$E2E_DIR/kuppet.bash"
require_real_node
N=$REAL_NODE_NAME
install_chart
wait_chart_ready

work=$(mktemp -d)
late=$NODE_ROOT/srv/kuppet-e2e-late
cleanup() {
    k delete manifest e2e-host -n default --ignore-not-found >/dev/null 2>&1 || true
    if mountpoint -q "$late"; then umount "$late"; fi
    rm -rf "$work"
}
trap cleanup EXIT

# A package that exists nowhere else: built here, dropped into the node's tree
# (as an administrator would copy a .deb to a host), installed by apt from it.
mkdir -p "$work/pkg/DEBIAN" "$work/pkg/usr/share/kuppet-e2e-probe"
cat >"$work/pkg/DEBIAN/control" <<'EOF'
Package: kuppet-e2e-probe
Version: 1.0
Architecture: all
Maintainer: kuppet e2e <e2e@kuppet.dev>
Depends: base-files
Description: kuppet e2e probe
 Installed by the agent pod into the real node's tree.
EOF
echo "installed by kuppet's agent" >"$work/pkg/usr/share/kuppet-e2e-probe/README"
dpkg-deb --root-owner-group --build "$work/pkg" "$NODE_ROOT/var/tmp/kuppet-e2e-probe_1.0_all.deb" >/dev/null
# What an earlier run of this scenario left in the tree.
chroot "$NODE_ROOT" dpkg --purge kuppet-e2e-probe >/dev/null 2>&1 || true
chroot "$NODE_ROOT" userdel -r kuppete2e >/dev/null 2>&1 || true
chroot "$NODE_ROOT" groupdel kuppete2e >/dev/null 2>&1 || true
rm -rf "$NODE_ROOT/var/lib/kuppet-e2e"
# A filesystem the node mounts now, after the agent pod started.
mkdir -p "$late"
mount -t tmpfs -o size=1m kuppet-e2e-late "$late"
machine_state() { sha256sum /etc/passwd /etc/group /var/lib/dpkg/status; }
before=$(machine_state)

source=$(cat <<'PP'
file { '/var/lib/kuppet-e2e': ensure => directory }
# The tree's /bin/sh reads the tree's files: the container has no shell.
exec { 'record the release':
  command => '/bin/sh -c "cat /etc/debian_version > /var/lib/kuppet-e2e/debian_version"',
  creates => '/var/lib/kuppet-e2e/debian_version',
  require => File['/var/lib/kuppet-e2e'],
}
exec { 'ask dpkg':
  command => "dpkg-query -W -f '\${Version}' base-files > /var/lib/kuppet-e2e/base-files",
  path    => ['/usr/bin', '/bin'],
  provider => shell,
  creates => '/var/lib/kuppet-e2e/base-files',
  require => File['/var/lib/kuppet-e2e'],
}
package { 'kuppet-e2e-probe':
  ensure => installed,
  source => '/var/tmp/kuppet-e2e-probe_1.0_all.deb',
}
file { '/srv/kuppet-e2e-late/written-by-the-agent':
  ensure  => file,
  content => "into a mount made after the pod started\n",
}
group { 'kuppete2e': ensure => present, gid => 2345 }
user { 'kuppete2e':
  ensure     => present,
  uid        => 2345,
  gid        => 2345,
  home       => '/home/kuppete2e',
  managehome => true,
  shell      => '/bin/sh',
  require    => Group['kuppete2e'],
}
PP
)
before_digest=$(digest_of "$N")
apply_manifest e2e-host "{$REAL_NODE_LABEL: \"true\"}" "$source"
expect_ok "the Manifest with exec, package, group and user becomes Ready" \
    k wait --for=condition=Ready --timeout=120s -n default manifest/e2e-host
[[ $(digest_of "$N") != "$before_digest" ]] || fail "the NodeCatalog did not change"
expect_ok "the NodeCatalog is Ready" k wait --for=condition=Ready --timeout=30s "nodecatalog/$N"

assert_eq "$(cat /etc/debian_version)" "$(cat "$NODE_ROOT/var/lib/kuppet-e2e/debian_version")" "exec: the tree's /etc/debian_version"
assert_eq "$(dpkg-query -W -f '${Version}' base-files)" "$(cat "$NODE_ROOT/var/lib/kuppet-e2e/base-files")" "exec: the tree's dpkg-query"
# shellcheck disable=SC2016 # dpkg-query's format
assert_eq "install ok installed" "$(chroot "$NODE_ROOT" dpkg-query -W -f '${Status}' kuppet-e2e-probe)" "package: dpkg's status in the node's tree"
assert_eq "installed by kuppet's agent" "$(cat "$NODE_ROOT/usr/share/kuppet-e2e-probe/README")" "package: its file in the node's tree"
assert_contains "$(grep '^kuppete2e:' "$NODE_ROOT/etc/passwd")" "kuppete2e:x:2345:2345::/home/kuppete2e:/bin/sh" "user: the tree's /etc/passwd"
[[ -d $NODE_ROOT/home/kuppete2e ]] || fail "user: managehome made no home in the tree"
log "ok: exec, package, group and user acted on the node's tree"
assert_eq "into a mount made after the pod started" "$(cat "$late/written-by-the-agent")" \
    "the file in the node's late mount (HostToContainer propagation)"
umount "$late"
[[ ! -e $late/written-by-the-agent ]] || fail "the file went under the mount, not into it"
log "ok: the agent wrote into a filesystem the node mounted after the pod started"

# Nothing of it on this machine, nothing in the container.
assert_eq "$before" "$(machine_state)" "this machine's passwd, group and dpkg status"
! dpkg-query -W kuppet-e2e-probe >/dev/null 2>&1 || fail "the package is installed on this machine"
[[ ! -e /var/lib/kuppet-e2e && ! -e /usr/share/kuppet-e2e-probe ]] || fail "files landed on this machine"
pid=$(agent_pid)
[[ ! -e /proc/$pid/root/var/lib/kuppet-e2e && ! -e /proc/$pid/root/usr/share/kuppet-e2e-probe ]] ||
    fail "files landed in the agent's container"
log "ok: this machine and the agent's container are untouched"

# And back: the package removed, the user gone, by the tree's dpkg and userdel.
apply_manifest e2e-host "{$REAL_NODE_LABEL: \"true\"}" "$(cat <<'PP'
package { 'kuppet-e2e-probe': ensure => absent }
user { 'kuppete2e': ensure => absent }
PP
)"
expect_ok "the removals become Ready" k wait --for=condition=Ready --timeout=120s -n default manifest/e2e-host
# (No conffiles: dpkg -r forgets the package altogether.)
# shellcheck disable=SC2016 # dpkg-query's format
[[ $(chroot "$NODE_ROOT" dpkg-query -W -f '${Status}' kuppet-e2e-probe 2>&1) != *"install ok installed"* ]] ||
    fail "package: still installed in the tree"
[[ ! -e $NODE_ROOT/usr/share/kuppet-e2e-probe/README ]] || fail "package: its file is still in the tree"
! grep -q '^kuppete2e:' "$NODE_ROOT/etc/passwd" || fail "user: still in the tree's /etc/passwd"
log "ok: package and user removed from the node's tree"
