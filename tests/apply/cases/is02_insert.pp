# insert_type start/before/after/index, use_exact_match, key/value separators
# of subsettings, and removing the last item (the setting goes with it).
$s = $facts['sandbox']
ini_subsetting { 'start': path => "${s}/s.ini", section => 'm', setting => 'list', subsetting => 'first', subsetting_separator => ',', insert_type => 'start' }
ini_subsetting { 'before': path => "${s}/s.ini", section => 'm', setting => 'list', subsetting => 'beforec', subsetting_separator => ',', insert_type => 'before', insert_value => 'c' }
ini_subsetting { 'after': path => "${s}/s.ini", section => 'm', setting => 'list', subsetting => 'aftera', subsetting_separator => ',', insert_type => 'after', insert_value => 'a' }
ini_subsetting { 'index': path => "${s}/s.ini", section => 'm', setting => 'list', subsetting => 'at1', subsetting_separator => ',', insert_type => 'index', insert_value => 1 }
ini_subsetting { 'exact': path => "${s}/s.ini", section => 'm', setting => 'words', subsetting => 'foo', use_exact_match => true }
ini_subsetting { 'kv': path => "${s}/s.ini", section => 'm', setting => 'pairs', subsetting => 'k', value => 'v2', subsetting_key_val_separator => ':', subsetting_separator => ';' }
ini_subsetting { 'last': ensure => absent, path => "${s}/s.ini", section => 'm', setting => 'only', subsetting => 'one' }
ini_subsetting { 'empty-kept': ensure => absent, path => "${s}/s.ini", section => 'm', setting => 'quoted', subsetting => 'q', quote_char => '"', delete_if_empty => false }
