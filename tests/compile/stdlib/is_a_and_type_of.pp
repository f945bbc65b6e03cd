# stdlib: type checks and inferred types
notify { 'is_a_and_type_of 1': message => is_a(1, Integer) }
notify { 'is_a_and_type_of 2': message => is_a('a', Integer) }
notify { 'is_a_and_type_of 3': message => is_a([1, 'a'], Array[Variant[Integer, String]]) }
notify { 'is_a_and_type_of 4': message => type_of(1) }
notify { 'is_a_and_type_of 5': message => type_of([1, 'a']) }
notify { 'is_a_and_type_of 6': message => type_of({a=>1}) }
notify { 'is_a_and_type_of 7': message => type_of(undef) }
notify { 'is_a_and_type_of 8': message => String(type_of('x')) }
