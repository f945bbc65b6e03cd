mkdir -p "$SANDBOX/tree/l1/l2/l3"
for p in a.log l1/b.log l1/l2/c.log l1/l2/l3/d.log l1/keep.txt; do echo x > "$SANDBOX/tree/$p"; done
