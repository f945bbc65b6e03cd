class roles::app inherits roles::base {
  Notify <| |> { tag => 'app' }
  File['/etc/role'] { content => "app on ${::hostname}\n" }
  $node_vars = [$nodevar, $::topvar]
  notify { "vars ${node_vars}": }
}
