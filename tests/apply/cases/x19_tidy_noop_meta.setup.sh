mkdir -p "$SANDBOX/n/d" "$SANDBOX/m"
echo 1 > "$SANDBOX/n/d/f"
echo o > "$SANDBOX/m/old"; touch -d '3 days ago' "$SANDBOX/m/old"
echo n > "$SANDBOX/m/new"
