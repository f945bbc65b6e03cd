# == Class: oslo
#
# Fu/ll description of class oslo here.
#
# === Parameters
#
class oslo {

  include oslo::par : !ams

}
