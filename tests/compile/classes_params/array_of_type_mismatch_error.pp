class a (Array[String] $names) { }
class { 'a': names => ['ok', 42] }
