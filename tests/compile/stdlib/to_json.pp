# stdlib: values as JSON
notify { 'to_json 1': message => to_json({a=>1, b=>[1.5, undef, true], c=>"é\"\\/"}) }
notify { 'to_json 2': message => to_json('a') }
notify { 'to_json 3': message => to_json(undef) }
notify { 'to_json 4': message => to_json(1e20) }
notify { 'to_json 5': message => to_json(Integer) }
notify { 'to_json 6': message => to_json(default) }
notify { 'to_json 7': message => to_json({1=>2}) }
notify { 'to_json 8': message => to_json("\u0001\t<>&") }
notify { 'to_json 9': message => to_json([Integer[1,2], Optional[String]]) }
notify { 'to_json 10': message => to_json(File['/x']) }
