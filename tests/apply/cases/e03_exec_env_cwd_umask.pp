# environment, cwd, umask and path lookup.
$s = $facts['sandbox']
exec { 'env':
  command     => "/bin/sh -c 'echo \"\$GREETING \$OTHER\" > ${s}/env'",
  environment => ['GREETING=hello', 'OTHER=world'],
  creates     => "${s}/env",
}
exec { 'cwd': command => "/bin/sh -c 'pwd > here'", cwd => "${s}/work", creates => "${s}/work/here" }
exec { 'umask': command => "/usr/bin/touch ${s}/masked", umask => '077', creates => "${s}/masked" }
exec { 'lookup': command => "touch ${s}/looked-up", path => '/usr/bin:/bin', creates => "${s}/looked-up" }
exec { 'no-home': command => "/bin/sh -c 'echo \"home=\$HOME\" > ${s}/home'", creates => "${s}/home" }
exec { 'missing-cwd': command => '/bin/true', cwd => "${s}/nope" }
