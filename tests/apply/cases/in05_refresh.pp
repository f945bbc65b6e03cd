# refreshonly: nothing happens until a refresh, which writes the value (or
# removes the setting); show_diff and sensitive values.
$s = $facts['sandbox']
file { "${s}/trigger": content => 'x' }
ini_setting { 'on-refresh': path => "${s}/r.ini", section => 's', setting => 'k', value => 'refreshed', refreshonly => true, subscribe => File["${s}/trigger"] }
ini_setting { 'never': path => "${s}/r.ini", section => 's', setting => 'n', value => 'v', refreshonly => true }
ini_setting { 'gone': ensure => absent, path => "${s}/r.ini", section => 's', setting => 'old', refreshonly => true, subscribe => File["${s}/trigger"] }
ini_setting { 'md5': path => "${s}/r.ini", section => 's', setting => 'pw', value => 'secret', show_diff => md5 }
ini_setting { 'sensitive': path => "${s}/r.ini", section => 's', setting => 'token', value => Sensitive('hidden') }
