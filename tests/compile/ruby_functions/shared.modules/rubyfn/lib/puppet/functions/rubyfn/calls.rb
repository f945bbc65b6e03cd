# call_function back into kuppet: a native function and another Ruby one.
Puppet::Functions.create_function(:'rubyfn::calls') do
  dispatch :calls do
    required_repeated_param 'Integer', :ns
  end

  def calls(*ns)
    doubled = ns.map { |n| call_function('rubyfn::shape', n) }
    call_function('sprintf', '%s=%d', call_function('join', doubled, ','), doubled.sum)
  end
end
