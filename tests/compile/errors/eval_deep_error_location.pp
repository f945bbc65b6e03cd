class app::config {
  $settings = {
    'port' => 8080,
  }
  file { '/etc/app.conf':
    content => "port=${settings['port'] + 'x'}\n",
  }
}
include app::config
