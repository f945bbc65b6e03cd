# A relative creates and a relative cwd are refused before the run.
$s = $facts['sandbox']
exec { 'rel-creates': command => '/bin/true', creates => 'relative/path' }
