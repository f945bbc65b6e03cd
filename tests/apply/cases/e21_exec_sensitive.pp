# A Sensitive command is never shown.
$s = $facts['sandbox']
exec { 'secret': command => Sensitive("/bin/sh -c 'echo hidden > ${s}/out; exit 3'") }
exec { 'secret-ok': command => Sensitive("/bin/sh -c 'echo fine > ${s}/ok'"), creates => "${s}/ok" }
