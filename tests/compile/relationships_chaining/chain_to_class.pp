class db { package { 'postgresql': } }
class app { service { 'app': } }
include db
include app
Class['db'] -> Class['app']
