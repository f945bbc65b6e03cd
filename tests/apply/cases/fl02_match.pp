# match replaces the matching line; with no match the line is appended, or put
# after the line matching `after`; append_on_no_match => false leaves the file;
# replace => false keeps a matching line.
$s = $facts['sandbox']
file_line { 'replace': path => "${s}/conf", line => 'port = 8080', match => '^port\s*=' }
file_line { 'no-match-append': path => "${s}/conf", line => 'user = www', match => '^user\s*=' }
file_line { 'no-match-after': path => "${s}/conf", line => 'group = www', match => '^group\s*=', after => '^\[main\]$' }
file_line { 'no-append': path => "${s}/conf", line => 'never = 1', match => '^never', append_on_no_match => false }
file_line { 'keep': path => "${s}/conf", line => 'host = new', match => '^host', replace => false }
file_line { 'already': path => "${s}/conf", line => 'mode = fast', match => '^mode' }
