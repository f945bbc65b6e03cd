printf 'f' > "$SANDBOX/was-file"
mkdir -p "$SANDBOX/was-dir/inner"
ln -s dir "$SANDBOX/same-link"
