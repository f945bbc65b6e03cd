# Declares a return type it does not keep.
Puppet::Functions.create_function(:'rubyfn::bad_return') do
  dispatch :bad_return do
    param 'Integer', :n
    return_type 'String'
  end

  def bad_return(n)
    n
  end
end
