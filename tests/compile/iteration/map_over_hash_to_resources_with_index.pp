$mounts = { '/data' => 'ext4', '/logs' => 'xfs' }
$mounts.keys.each |$i, $m| { file { $m: ensure => directory, mode => "07${i}5" } }
