# A Ruby block given to a Puppet function raises.
Puppet::Functions.create_function(:'rubyfn::block_raises') do
  def block_raises(items)
    call_function('each', items) { |x| raise Puppet::ParseError, "stopped at #{x}" if x > 1 }
  end
end
