# stdlib: packages declared once
package { 'curl': ensure => installed }
ensure_packages('curl')
ensure_packages(['curl', 'wget'])
ensure_packages(['wget', 'jq'], { 'ensure' => 'present' })
ensure_packages({ 'tmux' => { 'ensure' => 'latest' }, 'htop' => {} })
ensure_packages({ 'nano' => {} }, { 'ensure' => 'present', 'tag' => 'editors' })
ensure_packages('vim', { 'ensure' => 'absent' })
$r = ensure_packages('less')
notify { 'ensure_packages returns': message => "[${r}]" }
package { 'foo-pkg': name => 'foo', ensure => installed }
ensure_packages('foo')
notify { 'alias param': message => getparam(Package['foo'], 'ensure') }
