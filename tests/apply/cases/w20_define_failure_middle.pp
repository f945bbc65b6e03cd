# A define whose middle resource fails: the later resource in the same
# instance that depends on it is skipped; another instance ordered after the
# failing one is skipped, an independent one is applied.
$s = $facts['sandbox']
define step3(Boolean $fail = false) {
  file { "${facts['sandbox']}/${title}-1": ensure => file, content => '1' }
  -> exec { "${title}-2": command => $fail ? { true => '/bin/false', default => '/bin/true' } }
  -> file { "${facts['sandbox']}/${title}-3": ensure => file, content => '3' }
}
step3 { 'bad': fail => true }
step3 { 'later': require => Step3['bad'] }
step3 { 'free': }
