class cfg ($port = 99) { }
include cfg
notify { 'v': message => Class['cfg']['port'] }
