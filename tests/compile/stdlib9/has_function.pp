# stdlib 9's stdlib::has_function: Puppet-language functions, core and
# stdlib functions (4.x and 3.x), and unknown names.
function mine() { 1 }
notify { 'has':
  message => [
    stdlib::has_function('mine'),
    stdlib::has_function('each'),
    stdlib::has_function('create_resources'),
    stdlib::has_function('ensure_resource'),
    stdlib::has_function('stdlib::crc32'),
    stdlib::has_function('stdlib::ensure'),
    stdlib::has_function('no_such_function'),
    stdlib::has_function('stdlib::no_such_function'),
  ],
}
