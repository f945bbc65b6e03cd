# stdlib: values as indented JSON
notify { 'to_json_pretty 1': message => to_json_pretty({a=>1, b=>[1.5, undef, true], c=>{}, d=>[]}) }
notify { 'to_json_pretty 2': message => to_json_pretty([1, undef], true) }
notify { 'to_json_pretty 3': message => to_json_pretty({a=>undef, b=>1}, true) }
notify { 'to_json_pretty 4': message => to_json_pretty({a=>[1,2]}, false, {indent => '    '}) }
notify { 'to_json_pretty 5': message => to_json_pretty({a=>1}, false, {space_before=>' ', max_nesting=>-1}) }
notify { 'to_json_pretty 6': message => to_json_pretty([]) }
notify { 'to_json_pretty 7': message => to_json_pretty({'b'=>2, 'a'=>{'c'=>[{}]}}) }
