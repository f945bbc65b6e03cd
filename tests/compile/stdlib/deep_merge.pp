# stdlib: nested hashes merged
notify { 'deep_merge 1': message => deep_merge({a=>{b=>1,c=>2}}, {a=>{b=>3}}, '') }
notify { 'deep_merge 2': message => deep_merge({a=>1}, undef) }
notify { 'deep_merge 3': message => deep_merge({a=>{b=>[1]}}, {a=>{b=>[2]}}) }
notify { 'deep_merge 4': message => deep_merge({a=>{b=>1}}, {a=>2}) }
