define wrap() {
  Exec { path => '/usr/bin' }
  inner { "${title}-i": }
}
define inner() {
  exec { "run ${title}": }
  file { "/tmp/${title}": }
}
File { mode => '0644' }
wrap { 'w': }
exec { 'top': command => '/bin/true' }
