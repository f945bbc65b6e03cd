class a {
  Exec { path => '/usr/bin' }
  exec { 'a': command => 'true' }
}
class b { exec { 'b': command => '/bin/true' } }
include a
include b
