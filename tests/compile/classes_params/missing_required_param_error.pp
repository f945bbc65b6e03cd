class db (String $password) { notify { 'db': } }
class { 'db': }
