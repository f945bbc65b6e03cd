# resources { 'mount': purge => true } unmounts what is mounted without an
# fstab entry (the type's `ghost` mounts) and is not managed; a managed one
# is left to its resource. (kuppet applies the case with `--root` the
# sandbox, whose /etc/fstab has no entries, like the machine Puppet's outcome
# was recorded on: see CASE.sandbox-root in tests/apply/regenerate.)
resources { 'mount': purge => true }
mount { '/mnt/keep': ensure => absent, noop => true }
