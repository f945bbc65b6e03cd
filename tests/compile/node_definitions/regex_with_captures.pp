node /^(node)(\d+)\.(.+)$/ {
  notify { 'regex': message => "${1} ${2} ${3}" }
}
