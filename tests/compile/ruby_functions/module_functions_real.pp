# Ruby functions that current modules ship (consul, php, sudo: files copied
# unchanged, see module_functions_real.modules/SOURCES), called as those
# modules call them.
$cfg = { 'b' => [3, 1], 'a' => { 'z' => true, 'y' => undef, 'x' => 1.5 }, 'c' => 'str' }
notify { 'consul_pretty': message => consul::sorted_json($cfg, true, 2) }
notify { 'consul_flat': message => consul::sorted_json($cfg) }
notify { 'consul_empty': message => consul::sorted_json() }
notify { 'php': message => to_hash_settings({ 'a' => 1, 'b' => 2 }, 'foo') }
notify { 'php_noid': message => to_hash_settings({ 'a' => [1] }) }
class sudo_like {
  $defaults = {
    'env_reset' => undef,
    'mailto' => { 'value' => 'root' },
    'secure_path' => { 'value' => '/usr/sbin:/usr/bin' },
    'passwd_tries' => { 'value' => 3, 'operator' => '+=' },
    'lecture' => { 'list' => ':admin', 'value' => 'never' },
  }
  file { '/etc/sudoers': content => template('sudo/defaults.erb') }
}
include sudo_like
