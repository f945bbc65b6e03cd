printf 'one\ndrop me\ntwo\ndrop me\ntmp=1\nlast' > "$SANDBOX/a"
printf 'x1\nkeep\nx2\nkeeper\n' > "$SANDBOX/b"
