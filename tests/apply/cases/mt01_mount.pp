# mount entries in an fstab target and the mounted state (the stand-in
# mount and umount keep it in the sandbox): defined, mounted (a new entry
# mounted, then remounted as the type refreshes itself), unmounted, absent,
# options, dump and pass, a mounted entry whose options change.
$s = $facts['sandbox']
mount { '/mnt/kuppet-defined': ensure => defined, device => '/dev/sdx1', fstype => 'ext4', target => "${s}/fstab" }
mount { '/mnt/kuppet-mounted': ensure => mounted, device => 'LABEL=data', fstype => 'xfs', options => 'noatime,nodev', dump => 1, pass => 2, target => "${s}/fstab" }
mount { '/mnt/kuppet-unmount': ensure => unmounted, device => '/dev/sdy1', fstype => 'ext4', target => "${s}/fstab" }
mount { '/mnt/kuppet-gone': ensure => absent, target => "${s}/fstab" }
mount { '/mnt/kuppet-change': ensure => mounted, device => '/dev/sdz1', fstype => 'ext4', options => 'ro', target => "${s}/fstab" }
mount { '/mnt/kuppet-spaced dir': ensure => present, device => '//server/share name', fstype => 'cifs', options => 'guest', target => "${s}/fstab" }
