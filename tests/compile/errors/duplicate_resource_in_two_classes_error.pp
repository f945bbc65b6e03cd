class a { package { 'vim': ensure => installed } }
class b {
  package { 'vim':
    ensure => latest,
  }
}
include a
include b
