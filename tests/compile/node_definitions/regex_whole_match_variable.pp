node /^node(\d)\./ { notify { 'm': message => "${0} ${1}" } }
