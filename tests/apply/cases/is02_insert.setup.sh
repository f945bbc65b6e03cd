printf '[m]\nlist = a,b,c\nwords = foobar baz\npairs = k:v1;j:w\nonly = one\nquoted = "q"\n' > "$SANDBOX/s.ini"
