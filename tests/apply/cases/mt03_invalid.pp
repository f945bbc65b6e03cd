# An ensure the type does not know fails with its message.
mount { '/mnt/kuppet-bad': ensure => 'sideways', device => '/dev/b', fstype => 'ext4' }
