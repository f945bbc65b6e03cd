# Relationships through collectors: every tagged file notifies the reload.
$s = $facts['sandbox']
file { "${s}/one": ensure => file, content => '1', tag => 'cfg' }
file { "${s}/two": ensure => file, content => '2', tag => 'cfg' }
file { "${s}/other": ensure => file, content => 'o' }
exec { 'reload': command => "/bin/sh -c 'echo reloaded >> ${s}/reloads'", refreshonly => true }
File <| tag == 'cfg' |> ~> Exec['reload']
