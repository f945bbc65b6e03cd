class gm (String $message, Array $list) {
  notify { "gm: ${message}": }
  notify { 'gm list': message => String($list) }
}
