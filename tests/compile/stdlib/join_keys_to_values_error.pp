# stdlib: join_keys_to_values with a number separator
$x = join_keys_to_values({a=>1}, 1)
