# Failures: several lines match without multiple (the file is left alone),
# `after` matching several lines, a missing file; a resource depending on a
# failed one is skipped.
$s = $facts['sandbox']
file_line { 'two-matches': path => "${s}/conf", line => 'a = 3', match => '^a' }
file_line { 'two-afters': path => "${s}/conf", line => 'z', after => '^a' }
file_line { 'missing-file': path => "${s}/nope", line => 'x' }
file_line { 'dependent': path => "${s}/conf", line => 'after failure', require => File_line['missing-file'] }
file_line { 'multiple': path => "${s}/multi", line => 'a = 9', match => '^a', multiple => true }
