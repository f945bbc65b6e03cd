# Never returns (the compile's time budget must stop it).
Puppet::Functions.create_function(:'rubyfn::spin') do
  def spin
    loop {}
  end
end
