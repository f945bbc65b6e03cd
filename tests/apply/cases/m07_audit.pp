# The audit metaparameter.
$s = $facts['sandbox']
file { "${s}/audited": ensure => file, content => 'a', audit => 'mode' }
