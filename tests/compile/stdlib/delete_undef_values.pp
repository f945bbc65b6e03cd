# stdlib: undef values removed
notify { 'delete_undef_values 1': message => delete_undef_values({a=>undef, b=>'', c=>1}) }
notify { 'delete_undef_values 2': message => delete_undef_values([undef, 'a', '', undef]) }
notify { 'delete_undef_values 3': message => delete_undef_values([]) }
