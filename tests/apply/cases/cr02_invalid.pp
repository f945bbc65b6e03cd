# A minute out of range fails the catalog with the type's message.
cron { 'kuppet-bad': command => '/bin/true', minute => 61, user => 'root' }
