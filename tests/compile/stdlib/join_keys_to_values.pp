# stdlib: key and value pairs joined
notify { 'join_keys_to_values 1': message => join_keys_to_values({a=>1, b=>[2,3], c=>undef, d=>'undef'}, '=') }
notify { 'join_keys_to_values 2': message => join_keys_to_values({a=>{b=>1}, c=>1.5, d=>true}, ':') }
notify { 'join_keys_to_values 3': message => join_keys_to_values({}, ':') }
