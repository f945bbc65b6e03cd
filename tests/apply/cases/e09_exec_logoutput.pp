# logoutput: true logs the output at the exec's loglevel, on_failure only
# when it fails, false never.
$s = $facts['sandbox']
exec { 'always': command => "/bin/sh -c 'echo out-line; echo err-line >&2'", logoutput => true }
exec { 'on-failure-ok': command => "/bin/sh -c 'echo hidden'", logoutput => on_failure }
exec { 'on-failure-fails': command => "/bin/sh -c 'echo shown; exit 2'", logoutput => on_failure }
exec { 'never': command => "/bin/sh -c 'echo nothing; exit 3'", logoutput => false }
exec { 'default-fails': command => "/bin/sh -c 'echo default; exit 4'" }
exec { 'multi': command => "/bin/printf 'a\\nb\\n\\nc'", logoutput => true }
