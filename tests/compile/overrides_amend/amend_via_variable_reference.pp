$r = file { '/tmp/r': ensure => file }
$r { owner => 'root' }
