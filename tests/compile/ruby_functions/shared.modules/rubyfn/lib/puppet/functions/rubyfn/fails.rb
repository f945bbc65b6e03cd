# Raises: Puppet's ParseError, or a Ruby error from a bug.
Puppet::Functions.create_function(:'rubyfn::fails') do
  dispatch :fails do
    param 'String', :how
  end

  def fails(how)
    if how == 'parse'
      raise Puppet::ParseError, "rubyfn::fails was told to fail"
    end
    nil.upcase
  end
end
