# stdlib: pick of only undef and empty strings fails
$x = pick(undef, '')
