# A Ruby function calls Puppet's iteration functions with a Ruby block:
# map, each (hash pairs, array index and value), filter, reduce, and a Ruby
# function from inside the block.
notify { 'blocks':
  message => rubyfn::blocks([1, 2, 3], { 'a' => 1, 'b' => 2 }),
}
