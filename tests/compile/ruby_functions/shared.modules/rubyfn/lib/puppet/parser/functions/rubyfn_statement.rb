# A legacy statement function: its value is ignored.
module Puppet::Parser::Functions
  newfunction(:rubyfn_statement, :arity => 1) do |args|
    Puppet.warning("rubyfn_statement got #{args[0]}")
    'ignored'
  end
end
