mkdir -p "$SANDBOX/fake/crontabs"
cat > "$SANDBOX/fake/crontabs/root" <<'TAB'
# a comment of the admin
MAILTO=admin
0 1 * * * /usr/local/bin/unmanaged
# Puppet Name: kuppet-gone
* * * * * /bin/gone
# Puppet Name: kuppet-change
30 1 * * * /bin/old
7 * * * * /bin/matchme
TAB
chmod 0600 "$SANDBOX/fake/crontabs/root"
