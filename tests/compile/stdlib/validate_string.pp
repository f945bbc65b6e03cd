# stdlib: valid strings pass
validate_string('a', undef, 'b')
$x = validate_string('x')
notify { 'validate_string': message => "ok ${x}" }
