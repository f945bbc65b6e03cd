# resources { 'cron': purge => true } removes the jobs of the crontabs
# Puppet lists (the running user's, and those under the crontab directory)
# that the catalog does not manage, named or not.
resources { 'cron': purge => true }
cron { 'kuppet-keep': command => '/bin/keep', minute => 5, user => 'root' }
