$vals = [undef, false, '', 0, [], {}, 'false', true]
$r = $vals.map |$v| { if $v { 'T' } else { 'F' } }
notify { 'n': message => $r }
