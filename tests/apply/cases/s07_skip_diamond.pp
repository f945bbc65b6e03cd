# A failure at the top of a diamond: both branches and the bottom skipped;
# the notice names the failed dependency once per resource.
$s = $facts['sandbox']
exec { 'top': command => '/bin/false' }
exec { 'left': command => '/bin/true', require => Exec['top'] }
exec { 'right': command => '/bin/true', require => Exec['top'] }
exec { 'bottom': command => '/bin/true', require => [Exec['left'], Exec['right']] }
exec { 'second-failure': command => '/bin/false' }
exec { 'both': command => '/bin/true', require => [Exec['top'], Exec['second-failure']] }
