# recurse + purge without a source: unmanaged children are removed (a
# subdirectory only with force), managed ones kept, ignored ones kept.
$s = $facts['sandbox']
file { "${s}/conf.d": ensure => directory, recurse => true, purge => true, ignore => 'keep-*' }
file { "${s}/conf.d/managed.conf": ensure => file, content => "managed\n" }
file { "${s}/forced": ensure => directory, recurse => true, purge => true, force => true }
file { "${s}/forced/wanted": ensure => file, content => 'w' }
