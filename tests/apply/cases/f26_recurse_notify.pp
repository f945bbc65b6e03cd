# A recursive copy notifies an exec once, whatever number of children changed;
# recurselimit bounds the depth; ignore leaves names out.
$s = $facts['sandbox']
file { "${s}/copy": ensure => directory, source => "${s}/src", recurse => true, recurselimit => 1, ignore => '*.bak' }
~> exec { 'reload': command => "/bin/sh -c 'echo reload >> ${s}/log'", refreshonly => true }
