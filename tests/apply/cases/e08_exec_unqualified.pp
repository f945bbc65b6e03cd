# An unqualified command with no path is refused; with a path it is found.
$s = $facts['sandbox']
exec { 'unqualified': command => "touch ${s}/nope" }
