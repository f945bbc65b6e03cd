mkdir -p "$SANDBOX/spool/in"
echo one > "$SANDBOX/spool/one.tmp"
echo two > "$SANDBOX/spool/in/two.tmp"
echo keep > "$SANDBOX/spool/keep.dat"
