# Several dispatches, optional and repeated parameters, local types.
Puppet::Functions.create_function(:'rubyfn::shape') do
  local_types do
    type 'Words = Array[String[1]]'
  end

  dispatch :double do
    param 'Integer', :n
  end

  dispatch :shout do
    param 'String', :s
    optional_param 'Integer[1, 5]', :times
  end

  dispatch :joined do
    param 'Words', :words
    repeated_param 'String', :more
  end

  def double(n)
    n * 2
  end

  def shout(s, times = 1)
    ([s.upcase] * times).join(' ')
  end

  def joined(words, *more)
    (words + more).join('+')
  end
end
