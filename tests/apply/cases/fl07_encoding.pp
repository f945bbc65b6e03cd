# encoding: a Latin-1 file matched with a regular expression; UTF-8 (the
# default) cannot read its bytes.
$s = $facts['sandbox']
file_line { 'latin1': path => "${s}/latin1", line => 'name = new', match => '^name', encoding => 'iso-8859-1' }
file_line { 'utf8-fails': path => "${s}/latin1b", line => 'name = new', match => '^name' }
file_line { 'utf8-no-regex': path => "${s}/latin1c", line => 'plain' }
