case 'key=value' {
  /^(\w+)=(\w+)$/: { notify { 'n': message => "${1}:${2}:${0}" } }
}
