class l (String[3, 5] $code) { }
class { 'l': code => 'ab' }
