class role ($tier) { notify { 'tier': message => $tier } }
case $trusted['certname'] {
  /^node(\d+)/: { class { 'role': tier => "t${1}" } }
}
