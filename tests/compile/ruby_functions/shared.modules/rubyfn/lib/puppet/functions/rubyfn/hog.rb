# Allocates without bound (the compile's memory budget must stop it).
Puppet::Functions.create_function(:'rubyfn::hog') do
  def hog
    kept = []
    loop { kept << ('x' * 1_000_000) }
  end
end
