$v = 'web02'
case $v {
  /^db(\d+)$/, /^sql(\d+)$/: { $r = "db ${1}" }
  /^web(\d+)$/: { $r = "web ${1}" }
  default: { $r = 'none' }
}
notify { 'n': message => $r }
