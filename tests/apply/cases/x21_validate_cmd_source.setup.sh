echo ok > "$SANDBOX/src-ok"; echo bad > "$SANDBOX/src-ko"; echo same > "$SANDBOX/same"
