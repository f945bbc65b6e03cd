# stdlib: member of a boolean
$x = member(['a'], true)
