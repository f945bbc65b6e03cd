# A Puppet::ParseError raised in Ruby.
notify { 'x': message => rubyfn::fails('parse') }
