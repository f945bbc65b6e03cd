$v = lookup('no::such::key')
