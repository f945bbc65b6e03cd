# A refresh event remounts a mounted filesystem (remounts => false: umount
# and mount); an unmounted one and swap are not remounted; a mount point
# that cannot be mounted fails.
$s = $facts['sandbox']
file { "${s}/trigger": content => "x\n" }
~> mount { '/mnt/kuppet-r1': ensure => mounted, device => '/dev/r1', fstype => 'ext4', target => "${s}/fstab" }
File["${s}/trigger"]
~> mount { '/mnt/kuppet-r2': ensure => mounted, device => '/dev/r2', fstype => 'ext4', remounts => false, target => "${s}/fstab" }
File["${s}/trigger"]
~> mount { '/mnt/kuppet-r3': ensure => unmounted, device => '/dev/r3', fstype => 'ext4', target => "${s}/fstab" }
mount { '/mnt/kuppet-fail': ensure => mounted, device => '/dev/f', fstype => 'ext4', target => "${s}/fstab" }
