# stdlib: hash entries removed by value
notify { 'delete_values 1': message => delete_values({a=>'A', b=>'B', c=>'A'}, 'A') }
notify { 'delete_values 2': message => delete_values({a=>1, b=>1.0}, 1) }
notify { 'delete_values 3': message => delete_values({a=>undef, b=>''}, undef) }
notify { 'delete_values 4': message => delete_values({a=>[1]}, [1]) }
