# special with a time field, an environment line that is not one, a job
# without a command.
cron { 'kuppet-both': command => '/bin/true', special => 'hourly', hour => 2, user => 'root' }
