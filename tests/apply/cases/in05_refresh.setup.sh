printf '[s]\nk = before\nold = 1\npw = old\ntoken = old\n' > "$SANDBOX/r.ini"
