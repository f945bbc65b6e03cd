# notify logs its message (with the resource path on request), every run.
notify { 'plain message': }
notify { 'titled': message => 'custom text' }
notify { 'with path': message => 'pathed', withpath => true }
notify { 'quiet': message => 'info level', loglevel => info }
notify { 'warned': message => 'warning level', loglevel => warning }
notify { 'multi': message => "line1\nline2" }
