# stdlib: to_json_pretty of a string
$x = to_json_pretty('a')
