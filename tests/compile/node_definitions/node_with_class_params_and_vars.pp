class role($level = 'base') { notify { "role ${level}": message => $nodevar } }
node 'node1.example.com' {
  $nodevar = 'nv'
  class { 'role': level => 'web' }
}
