mkdir -p "$SANDBOX/tree/in"; printf 'f' > "$SANDBOX/tree/in/f"
mkdir -p "$SANDBOX/ok/x"
