# A new job without a command is not created (the provider logs an error);
# an environment setting and a weekday by name.
cron { 'kuppet-nocmd': minute => 1, user => 'root' }
cron { 'kuppet-env': command => '/bin/env-job', weekday => 'sunday', environment => 'FOO=bar', user => 'root' }
