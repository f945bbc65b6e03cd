# An error inside a module template names the template and its line.
$items = ['a', 1]

file { '/tmp/list':
  content => template('broken/list.erb'),
}
