class app::params { $port = 8080 }
include app::params
notify { 'q': message => "port ${app::params::port} and ${::app::params::port} and $app::params::port" }
