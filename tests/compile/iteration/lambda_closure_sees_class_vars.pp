class c ($prefix = 'p') {
  $suffix = 's'
  ['a', 'b'].each |$x| { notify { "${prefix}-${x}-${suffix}": } }
}
include c
