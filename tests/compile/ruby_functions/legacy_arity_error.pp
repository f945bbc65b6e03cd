# The legacy function's :arity is enforced.
notify { 'x': message => rubyfn_legacy() }
