# Without any data at all, an unqualified key is not found.
notice(lookup('plain'))
