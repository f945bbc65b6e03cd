node /^(node)(\d+)\.(.*)$/ {
  notify { 'n': message => "${1}|${2}|${3}|${0}" }
}
