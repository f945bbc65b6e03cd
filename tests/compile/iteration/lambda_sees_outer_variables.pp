$prefix = 'svc'
['a', 'b'].each |$x| {
  $local = "${prefix}-${x}"
  notify { $local: }
}
notify { 'outside': message => "[${local}]" }
