$re = /(\d+)\.(\d+)/
if '12.7' =~ $re { notify { 'v': message => "${1}-${2}-${0}" } }
