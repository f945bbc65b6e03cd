# A key no layer has, without a default, fails the compile.
$x = lookup('lk::nothere')
