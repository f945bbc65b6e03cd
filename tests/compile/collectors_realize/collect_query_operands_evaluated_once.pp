# A collector's query operands are evaluated when the collector is declared
# (Puppet's CollectorTransformer), not when it matches resources later: $t
# is assigned after the collector, so the query sees it unset and collects
# nothing; $u is set before and the second collector overrides.
file { '/tmp/query_a': ensure => file, tag => ['x', 'y'] }
file { '/tmp/query_b': ensure => file, tag => ['y'] }
File <| tag == $t |> { mode => '0600' }
$u = 'y'
File <| tag == $u and title != '/tmp/query_a' |> { owner => 'root' }
$t = 'x'
