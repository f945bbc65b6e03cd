$debians = ['Debian', 'Ubuntu']
case $facts['os']['name'] {
  *$debians: { notify { 'debian-like': } }
  default: { notify { 'other': } }
}
