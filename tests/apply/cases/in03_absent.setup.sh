printf '[db]\nhost = a\nport = 1\n[cache]\nsize = 10\n[end]\nk = v\n' > "$SANDBOX/app.ini"
