mkdir -p "$SANDBOX/logs/sub"
for f in old.log old.gz keep.txt sub/deep.log; do echo x > "$SANDBOX/logs/$f"; touch -d '10 days ago' "$SANDBOX/logs/$f"; done
echo y > "$SANDBOX/logs/new.log"
