module PuppetX
  module Cfg
    # Parameters shared by the cfg types.
    module Common
      def create_common_parameters
        newparam(:ensure_absent_val) do
          desc 'A value that behaves like ensure => absent'
          defaultto('<SERVICE DEFAULT>')
        end
      end
    end
  end
end
