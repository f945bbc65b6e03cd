# A block parameter: the block is the Puppet lambda.
Puppet::Functions.create_function(:'rubyfn::each_pair') do
  dispatch :each_pair do
    param 'Hash', :h
    block_param 'Callable[2, 2]', :block
  end

  dispatch :count_only do
    param 'Hash', :h
  end

  def each_pair(h)
    h.sort.map { |k, v| yield(k, v) }
  end

  def count_only(h)
    h.size
  end
end
