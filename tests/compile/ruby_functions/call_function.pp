# call_function into kuppet's native sprintf and join, and into another Ruby function.
notify { 'calls': message => rubyfn::calls(1, 2, 3) }
