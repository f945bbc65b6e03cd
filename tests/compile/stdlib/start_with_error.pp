# stdlib: an empty prefix
$x = stdlib::start_with('foobar', '')
