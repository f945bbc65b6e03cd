# A failed resource sends no refresh; its subscriber is skipped.
$s = $facts['sandbox']
file { "${s}/no/parent": ensure => file, content => 'x' }
~> exec { 'refresh-me': command => "/bin/sh -c 'echo r >> ${s}/log'", refreshonly => true }
exec { 'subscriber': command => "/bin/sh -c 'echo s >> ${s}/log'", subscribe => File["${s}/no/parent"] }
