# validate_cmd with a source: the copied file is validated; a failing
# validation blocks dependents; an unchanged file is not validated.
$s = $facts['sandbox']
file { "${s}/ok": ensure => file, source => "${s}/src-ok", validate_cmd => '/bin/grep -q ok %' }
file { "${s}/ko": ensure => file, source => "${s}/src-ko", validate_cmd => '/bin/grep -q ok %' }
~> exec { 'ko-refresh': command => "/usr/bin/touch ${s}/ko-refresh", refreshonly => true }
file { "${s}/same": ensure => file, content => "same\n", validate_cmd => '/bin/false %' }
