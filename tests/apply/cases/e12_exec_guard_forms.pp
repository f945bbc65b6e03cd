# Guards: onlyif arrays need every check to pass, unless arrays any to fail;
# a check with a path; creates arrays.
$s = $facts['sandbox']
exec { 'onlyif-all-pass': command => "/bin/sh -c 'echo a >> ${s}/log'", onlyif => ['/bin/true', '/bin/true'] }
exec { 'onlyif-one-fails': command => "/bin/sh -c 'echo b >> ${s}/log'", onlyif => ['/bin/true', '/bin/false'] }
exec { 'unless-one-fails': command => "/bin/sh -c 'echo c >> ${s}/log'", unless => ['/bin/true', '/bin/false'] }
exec { 'unless-all-pass': command => "/bin/sh -c 'echo d >> ${s}/log'", unless => ['/bin/true', '/bin/true'] }
exec { 'creates-any': command => "/bin/sh -c 'echo e >> ${s}/log'", creates => ["${s}/missing", "${s}/log"] }
exec { 'path-check': command => "sh -c 'echo f >> ${s}/log'", onlyif => 'test -d /', path => '/bin:/usr/bin' }
exec { 'both-guards': command => "/bin/sh -c 'echo g >> ${s}/log'", onlyif => '/bin/true', unless => '/bin/false', creates => "${s}/never" }
