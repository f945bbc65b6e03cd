# A file_line without `line` (and not removing by match) makes the catalog invalid.
$s = $facts['sandbox']
file_line { 'no-line': path => "${s}/conf", match => '^a' }
