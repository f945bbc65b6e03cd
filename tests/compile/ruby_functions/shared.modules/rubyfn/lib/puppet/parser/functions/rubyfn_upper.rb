# Another legacy function, called by rubyfn_legacy as function_rubyfn_upper.
module Puppet::Parser::Functions
  newfunction(:rubyfn_upper, :type => :rvalue, :arity => 1) do |args|
    args[0].to_s.upcase
  end
end
