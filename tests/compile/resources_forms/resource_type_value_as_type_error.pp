$t = File
$t { '/tmp/typed': ensure => file }
