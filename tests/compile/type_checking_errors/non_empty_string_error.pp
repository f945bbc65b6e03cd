class c (String[1] $s) { }
class { 'c': s => '' }
