# A legacy (3.x) function: function_* calls and lookupvar.
module Puppet::Parser::Functions
  newfunction(:rubyfn_legacy, :type => :rvalue, :arity => -2, :doc => 'test') do |args|
    raise(Puppet::ParseError, 'rubyfn_legacy(): wants a String') unless args[0].is_a?(String)
    family = lookupvar('::osfamily')
    local = lookupvar('local')
    missing = lookupvar('nosuchvar')
    parts = [args[0], family, local, missing.inspect, args.length.to_s]
    parts.map { |p| function_rubyfn_upper([p]) }.join('|')
  end
end
