class myapp (
  String $base_dir,
  String $data_dir,
  String $log_dir,
  Array[String] $plugins,
  Integer $http_port,
  Integer $admin_port,
  Array[String] $users,
  Hash $settings,
  String $greeting,
  String $missing = lookup('myapp::nope', String, 'first', 'fallback'),
) {
  $settings_hash = lookup('myapp::settings')
  $all_plugins = lookup('myapp::plugins')
  $first_plugins = lookup('myapp::plugins', Array, 'first')
  $dflt = lookup({ 'name' => 'myapp::absent', 'default_value' => { 'a' => 1 } })
  $with_block = lookup('myapp::also_absent') |$k| { "computed-${k}" }
  file { [$base_dir, $data_dir]: ensure => directory }
  file { "${base_dir}/app.conf":
    content => epp('myapp/app.conf.epp', {
      'settings' => $settings_hash,
      'plugins'  => $all_plugins,
      'ports'    => { 'http' => $http_port, 'admin' => $admin_port },
    }),
  }
  notify { 'summary':
    message => {
      'log_dir' => $log_dir,
      'users' => $users,
      'apl_settings' => $settings,
      'first_plugins' => $first_plugins,
      'apl_plugins' => $plugins,
      'dflt' => $dflt,
      'block' => $with_block,
      'greeting' => $greeting,
      'missing' => $missing,
    },
  }
}
