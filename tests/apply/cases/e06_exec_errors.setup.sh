printf 'echo hi\n' > "$SANDBOX/not-executable"; chmod 0644 "$SANDBOX/not-executable"
printf 'echo no-shebang >> "$(dirname "$0")/log"\n' > "$SANDBOX/no-shebang"; chmod 0755 "$SANDBOX/no-shebang"
