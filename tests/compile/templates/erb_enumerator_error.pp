# An Enumerator's argument checked when it is made: each_slice(0) without a block.
notify { 'x':
  message => inline_template('<%= [1, 2, 3].each_slice(0).to_a.inspect %>'),
}
