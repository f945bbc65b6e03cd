# No dispatch accepts a Float: Puppet's mismatch message.
notify { 'x': message => rubyfn::shape(1.5) }
