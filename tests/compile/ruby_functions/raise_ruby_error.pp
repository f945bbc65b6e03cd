# A Ruby bug (NoMethodError) in a module function.
notify { 'x': message => rubyfn::fails('bug') }
