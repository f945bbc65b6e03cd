class c (Hash[Integer, String] $h) { }
class { 'c': h => { 'a' => 'b' } }
