# Puppet's own iteration functions called from Ruby with a Ruby block
# (call_function('each', ...) { |x| ... }).
Puppet::Functions.create_function(:'rubyfn::blocks') do
  dispatch :blocks do
    param 'Array', :items
    param 'Hash', :pairs
  end

  def blocks(items, pairs)
    doubled = call_function('map', items) { |x| x * 2 }
    seen = []
    call_function('each', pairs) { |k, v| seen << "#{k}:#{v}" }
    indexed = []
    call_function('each', items) { |i, x| indexed << "#{i}/#{x}" }
    big = call_function('filter', items) { |x| x > 1 }
    sum = call_function('reduce', items) { |memo, x| memo + x }
    keys = call_function('map', pairs) { |pair| pair[0] }
    nested = call_function('map', items) { |x| call_function('rubyfn::shape', x) }
    [doubled, seen, indexed, big, sum, keys, nested]
  end
end
