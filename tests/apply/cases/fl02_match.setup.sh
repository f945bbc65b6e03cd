printf '[main]\nport=80\nhost = old\nmode = fast\nmode = slow\n' > "$SANDBOX/conf"
