# onlyif and unless together: the command runs only when onlyif passes and
# unless fails; creates wins over both.
$s = $facts['sandbox']
exec { 'both-allow': command => "/usr/bin/touch ${s}/both-allow", onlyif => '/bin/true', unless => '/bin/false' }
exec { 'onlyif-blocks': command => "/usr/bin/touch ${s}/onlyif-blocks", onlyif => '/bin/false', unless => '/bin/false' }
exec { 'unless-blocks': command => "/usr/bin/touch ${s}/unless-blocks", onlyif => '/bin/true', unless => '/bin/true' }
exec { 'creates-wins': command => "/usr/bin/touch ${s}/creates-wins", onlyif => '/bin/true', creates => "${s}" }
exec { 'guard-output': command => '/bin/true', unless => "/bin/sh -c 'echo guard says hi; exit 1'", logoutput => true }
