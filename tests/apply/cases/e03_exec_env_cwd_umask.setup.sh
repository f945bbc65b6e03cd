mkdir "$SANDBOX/work"
