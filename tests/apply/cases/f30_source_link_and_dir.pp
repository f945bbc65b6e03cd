# A source that is a link (links => manage copies the link, follow its
# target), a directory source without recurse.
$s = $facts['sandbox']
file { "${s}/link-copy": source => "${s}/src/link" }
file { "${s}/followed": source => "${s}/src/link", links => follow }
file { "${s}/dir-copy": source => "${s}/src/dir" }
