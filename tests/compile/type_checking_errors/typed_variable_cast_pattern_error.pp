class c (Pattern[/^\d+$/] $p) { }
class { 'c': p => '12a' }
