# Existing settings change in place (keeping their spacing); a new setting goes
# after its commented-out version, or at the end of its section before its
# trailing blank lines; indentation follows the section's.
$s = $facts['sandbox']
ini_setting { 'change': path => "${s}/app.ini", section => 'db', setting => 'host', value => 'db2' }
ini_setting { 'uncomment': path => "${s}/app.ini", section => 'db', setting => 'port', value => '5432' }
ini_setting { 'append': path => "${s}/app.ini", section => 'db', setting => 'user', value => 'app' }
ini_setting { 'indented': path => "${s}/app.ini", section => 'web', setting => 'workers', value => '4' }
ini_setting { 'same': path => "${s}/app.ini", section => 'web', setting => 'listen', value => '0.0.0.0' }
