# optional_param's type is checked too.
notify { 'x': message => rubyfn::shape('hi', 9) }
