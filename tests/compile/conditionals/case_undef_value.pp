$u = undef
case $u {
  undef: { notify { 'matched undef': } }
  default: { notify { 'default': } }
}
case '' {
  undef: { notify { 'empty matched undef': } }
  default: { notify { 'empty default': } }
}
