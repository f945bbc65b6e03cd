# stdlib: to_json_pretty deeper than max_nesting
$x = to_json_pretty({a=>{b=>{c=>1}}}, false, {max_nesting=>2})
