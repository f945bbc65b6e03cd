mkdir -p "$SANDBOX/src"
echo source > "$SANDBOX/src/a"; touch -d '2 days ago' "$SANDBOX/src/a"
for f in md5 mtime-older mtime-newer none sha256; do echo local > "$SANDBOX/$f"; done
touch -d '5 days ago' "$SANDBOX/mtime-older"
touch -d '1 day ago' "$SANDBOX/mtime-newer"
