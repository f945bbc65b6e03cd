# ini_subsetting adds, updates and removes items of a setting's value.
$s = $facts['sandbox']
ini_subsetting { 'xmx': path => "${s}/java.ini", section => '', setting => 'JAVA_ARGS', subsetting => '-Xmx', value => '512m' }
ini_subsetting { 'new': path => "${s}/java.ini", section => '', setting => 'JAVA_ARGS', subsetting => '-Dfoo=', value => 'bar' }
ini_subsetting { 'drop': ensure => absent, path => "${s}/java.ini", section => '', setting => 'JAVA_ARGS', subsetting => '-XX:+Old' }
ini_subsetting { 'fresh': path => "${s}/java.ini", section => 'opts', setting => 'list', subsetting => 'a', subsetting_separator => ',', quote_char => '"' }
