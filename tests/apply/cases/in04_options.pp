# key_val_separator, indent_char/indent_width, section_prefix/suffix, a section
# alone (no setting), force_new_section_creation => false.
$s = $facts['sandbox']
ini_setting { 'colon': path => "${s}/o.conf", section => 'a', setting => 'k', value => 'v', key_val_separator => ': ' }
ini_setting { 'indent': path => "${s}/o.conf", section => 'a', setting => 'deep', value => 'x', indent_char => "\t", indent_width => 2 }
ini_setting { 'affix': path => "${s}/o.conf", section => 'sec', section_prefix => '<', section_suffix => '>', setting => 'in', value => 'angle' }
ini_setting { 'section-only': path => "${s}/o.conf", section => 'empty' }
ini_setting { 'no-force': path => "${s}/o.conf", section => 'never', setting => 'k', value => 'v', force_new_section_creation => false }
ini_setting { 'no-force-existing': path => "${s}/o.conf", section => 'a', setting => 'ok', value => 'yes', force_new_section_creation => false }
