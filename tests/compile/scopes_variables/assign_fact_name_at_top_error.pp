$parts = ['usr', 'local', 'bin']
$path = "/${parts.join('/')}"
file { $path: ensure => directory }
