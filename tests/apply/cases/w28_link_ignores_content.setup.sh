ln -s "$SANDBOX/real" "$SANDBOX/ok"
ln -s "$SANDBOX/real" "$SANDBOX/abs-to-rel"
