$s = $facts['sandbox']
class cfg { file { "${facts['sandbox']}/a": ensure => file, content => 'a' } file { "${facts['sandbox']}/b": ensure => file, content => 'b' } }
include cfg
exec { 'restart': command => "/bin/sh -c 'echo restart >> ${s}/log'", refreshonly => true, subscribe => Class['cfg'] }
