mkdir -p "$SANDBOX/fake/crontabs"
cat > "$SANDBOX/fake/crontabs/root" <<'TAB'
# a comment of the admin
MAILTO=admin
0 1 * * * /usr/local/bin/unmanaged --flag
# Puppet Name: kuppet-keep
5 * * * * /bin/keep
# Puppet Name: kuppet-stale
PATH=/bin
* * * * * /bin/stale
TAB
chmod 0600 "$SANDBOX/fake/crontabs/root"
