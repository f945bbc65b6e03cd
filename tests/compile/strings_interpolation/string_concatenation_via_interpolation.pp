$parts = ['usr', 'local', 'bin']
$dir = "/${parts.join('/')}"
file { $dir: ensure => directory }
