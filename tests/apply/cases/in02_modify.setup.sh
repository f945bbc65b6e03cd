printf '; global comment\n[db]\nhost=db1\n# port = 3306\n\n\n[web]\n    listen = 0.0.0.0\n' > "$SANDBOX/app.ini"
chmod 0600 "$SANDBOX/app.ini"
