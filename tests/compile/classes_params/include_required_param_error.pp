class db (String $password) { notify { 'db': } }
include db
