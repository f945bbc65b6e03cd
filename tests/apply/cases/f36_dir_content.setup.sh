mkdir "$SANDBOX/empty-dir"
