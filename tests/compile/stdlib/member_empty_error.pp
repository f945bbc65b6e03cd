# stdlib: member of an empty array of values
$x = member(['a','b'], [])
