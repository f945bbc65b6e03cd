class dh (Array $in_both, String $only_default) {
  notify { 'dh': message => String([$in_both, $only_default, lookup('dh::merged')]) }
}
