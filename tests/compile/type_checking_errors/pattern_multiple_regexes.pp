class c (Pattern[/^a/, /^b/] $p) { notify { $p: } }
class { 'c': p => 'bravo' }
