# Virtual resources: only realized ones are managed; a collector overrides
# attributes of the ones it realizes.
$s = $facts['sandbox']
@file { "${s}/virt-a": ensure => file, content => 'a', tag => 'grp' }
@file { "${s}/virt-b": ensure => file, content => 'b', tag => 'grp' }
@file { "${s}/virt-c": ensure => file, content => 'c' }
@file { "${s}/virt-unused": ensure => file, content => 'u' }
realize(File["${s}/virt-c"])
File <| tag == 'grp' |> { mode => '0600' }
