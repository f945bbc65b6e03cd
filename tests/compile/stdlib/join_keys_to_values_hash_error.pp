# stdlib: join_keys_to_values of an array
$x = join_keys_to_values([], '=')
