case 'abc-123' {
  /^(\w+)-(\d+)$/: {
    if 'xyz' =~ /^(x)/ { $inner = $1 }
    notify { 'm': message => "${1} ${2} ${inner}" }
  }
}
