# stdlib: hashes merged left to right
notify { 'merge 1': message => merge({a=>1}, '', undef, {a=>2}) }
notify { 'merge 2': message => merge() }
notify { 'merge 3': message => merge({a=>1, b=>{c=>1}}, {b=>{d=>2}}, {e=>undef}) }
notify { 'merge 4': message => merge({a=>1}) |$acc, $v| { {$v[0] => $v[1]} } }
notify { 'merge 5': message => merge([1, 2]) |$acc, $v| { {"k${v}" => $acc.length} } }
notify { 'merge 6': message => merge({a=>1, b=>2}) |$acc, $k, $v| { {"${k}x" => $v * 10} } }
notify { 'merge 7': message => merge(['a', 'b']) |$acc, $i, $v| { if $i > 0 { {$v => $i} } } }
