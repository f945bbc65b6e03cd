class present_class { }
include present_class
define my::type { }
file { '/exists': }
$myvar = 1
notify { 'd':
  message => [
    defined(File['/exists']), defined(File['/nope']), defined('present_class'), defined('absent_class'),
    defined('my::type'), defined('file'), defined('$myvar'), defined('$nope'), defined(Class['present_class']),
  ],
}
