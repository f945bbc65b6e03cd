# == Class: oslo
#
# Full description of class oslo here.
#
# === Parameters
#
class oslo { ? 

  include oslo::params

}
