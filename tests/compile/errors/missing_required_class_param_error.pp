class c(String $req) { }
class { 'c': }
