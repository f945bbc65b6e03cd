class c (Sensitive[String] $pw) { notify { 'c': message => $pw.unwrap.length } }
class { 'c': pw => Sensitive('secret') }
