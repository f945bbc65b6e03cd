node /^(node)(\d+)\.example\.com$/ {
  notify { 'n': message => "matched ${1} ${2} ${0}" }
}
node default { notify { 'default': } }
