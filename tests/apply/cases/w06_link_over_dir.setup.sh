mkdir -p "$SANDBOX/dir-noforce/inner" "$SANDBOX/dir-force/inner" "$SANDBOX/t"
printf 'x\n' > "$SANDBOX/dir-force/inner/x"
printf 'f\n' > "$SANDBOX/over-file"
