printf '127.0.0.1 localhost\n192.0.2.5 db.example db\n' > "$SANDBOX/hosts"
