class cfg ($level = 'low') { notify { 'cfg': message => $level } }
include cfg
Class['cfg'] { level => 'high' }
