# links => follow: a link to a directory is a directory; the mode applies to
# the target; ensure => directory on a link without follow replaces it.
$s = $facts['sandbox']
file { "${s}/via-link": ensure => directory, links => follow, mode => '0700' }
file { "${s}/replace-link": ensure => directory }
file { "${s}/file-via-link": ensure => file, links => follow, content => "through\n" }
