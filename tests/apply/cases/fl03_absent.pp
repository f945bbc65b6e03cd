# ensure => absent removes every equal line, or with match_for_absence the
# lines matching `match` (several only with multiple => true).
$s = $facts['sandbox']
file_line { 'by-line': ensure => absent, path => "${s}/a", line => 'drop me' }
file_line { 'by-match': ensure => absent, path => "${s}/a", match => '^tmp', match_for_absence => true }
file_line { 'by-match-multiple': ensure => absent, path => "${s}/b", match => '^x', match_for_absence => true, multiple => true }
file_line { 'match-ignored': ensure => absent, path => "${s}/b", line => 'keep', match => '^k' }
file_line { 'not-there': ensure => absent, path => "${s}/b", line => 'nothing' }
