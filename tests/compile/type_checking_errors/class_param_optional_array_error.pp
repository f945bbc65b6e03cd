class c (Optional[Array[String]] $a = undef) { }
class { 'c': a => 'single' }
