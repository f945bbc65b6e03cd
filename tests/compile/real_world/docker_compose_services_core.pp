define docker::compose_app (
  Hash[String, Hash] $services,
  String $project_dir = "/opt/${title}",
  Enum['present', 'absent'] $ensure = 'present',
) {
  $dir_ensure = $ensure ? { 'present' => 'directory', 'absent' => 'absent' }
  file { $project_dir: ensure => $dir_ensure, force => true }
  $env_files = $services.map |$svc, $cfg| { "${project_dir}/${svc}.env" }
  $services.each |$svc, $cfg| {
    $port = $cfg['port'].then |$p| { "PORT=${p}\n" }.lest || { '' }
    file { "${project_dir}/${svc}.env":
      ensure  => if $ensure == 'present' { 'file' } else { 'absent' },
      content => "IMAGE=${cfg['image']}\n${port}",
      require => File[$project_dir],
    }
  }
  exec { "compose-up-${title}":
    command     => "/usr/bin/docker compose -p ${title} up -d",
    cwd         => $project_dir,
    refreshonly => true,
    subscribe   => File[$env_files],
  }
}
docker::compose_app { 'monitoring':
  services => {
    'grafana'    => { 'image' => 'grafana/grafana:10', 'port' => 3000 },
    'prometheus' => { 'image' => 'prom/prometheus:v2' },
  },
}
