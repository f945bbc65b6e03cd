# ini_setting creates the file, its sections and settings; a second setting
# goes into the section made by the first.
$s = $facts['sandbox']
ini_setting { 'a': path => "${s}/new.ini", section => 'main', setting => 'port', value => '8080' }
ini_setting { 'b': path => "${s}/new.ini", section => 'main', setting => 'host', value => ' example.org ' }
ini_setting { 'c': path => "${s}/new.ini", section => 'other', setting => 'flag', value => true }
ini_setting { 'global': path => "${s}/new.ini", setting => 'top', value => 1 }
