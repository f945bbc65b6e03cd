$re = /^db(\d+)/
case 'db42' {
  $re: { notify { 'm': message => $1 } }
}
