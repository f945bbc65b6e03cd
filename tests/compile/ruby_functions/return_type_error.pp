# A value that is not of the dispatch's return_type.
notify { 'x': message => rubyfn::bad_return(3) }
