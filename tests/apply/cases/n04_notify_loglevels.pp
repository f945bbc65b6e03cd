# notify at each log level: err does not fail the run.
notify { 'e': message => 'an error', loglevel => err }
notify { 'w': message => 'a warning', loglevel => warning }
notify { 'd': message => 'debug only', loglevel => debug }
notify { 'a': message => 'alert', loglevel => alert }
