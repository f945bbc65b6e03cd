include ::base
class { '::base::extra': }
