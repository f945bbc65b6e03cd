$topvar = 'top'
node 'db01.example.com' {
  include roles::base
}
node /^node1\./ {
  $nodevar = 'from-node'
  class { 'roles::base': env => 'staging' }
  include roles::app
  notify { "node scope ${nodevar} ${topvar} ${name}": }
}
node default {
  notify { 'default': }
}
