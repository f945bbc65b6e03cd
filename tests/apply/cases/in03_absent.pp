# ensure => absent removes a setting; a section left empty loses its header;
# removing what is not there changes nothing.
$s = $facts['sandbox']
ini_setting { 'drop': ensure => absent, path => "${s}/app.ini", section => 'db', setting => 'host' }
ini_setting { 'last': ensure => absent, path => "${s}/app.ini", section => 'cache', setting => 'size' }
ini_setting { 'missing': ensure => absent, path => "${s}/app.ini", section => 'db', setting => 'nothing' }
ini_setting { 'missing-section': ensure => absent, path => "${s}/app.ini", section => 'nope', setting => 'x' }
