# A Ruby block given to a Puppet function raises: Puppet's error at the
# Ruby function's call.
notify { 'x':
  message => rubyfn::block_raises([1, 2, 3]),
}
