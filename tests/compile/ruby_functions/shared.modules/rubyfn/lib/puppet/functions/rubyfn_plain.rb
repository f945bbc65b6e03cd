# A top-level 4.x function without dispatch blocks (Puppet's default
# dispatcher, from the method's arity).
Puppet::Functions.create_function(:rubyfn_plain) do
  def rubyfn_plain(a, *rest)
    "#{a}:#{rest.length}"
  end
end
