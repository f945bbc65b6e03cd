define helper { file { "/tmp/${title}": ensure => file } }
class user_of_helper { helper { 'h': } }
class setter {
  File { mode => '0700' }
  include user_of_helper
}
include setter
