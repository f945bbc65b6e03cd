# stdlib: a resource declared unless it exists with the same parameters
package { 'curl': ensure => installed }
ensure_resource('package', 'curl', { 'ensure' => 'installed' })
ensure_resource('package', ['wget', 'git'], { 'ensure' => 'present' })
ensure_resource('package', 'git', { 'ensure' => 'present' })
ensure_resource('file', '/tmp/a', {})
ensure_resource('file', '/tmp/a')
ensure_resource('user', 'bob', { 'ensure' => 'present', 'groups' => ['adm'] })
ensure_resource('user', 'bob', { 'groups' => ['adm'] })
ensure_resource('Service', 'ssh', { 'ensure' => 'running', 'enable' => undef })
ensure_resource('service', 'ssh', { 'ensure' => 'running', 'enable' => undef })
class base { notify { 'in base': } }
ensure_resource('class', 'base', {})
ensure_resource('class', 'base')
