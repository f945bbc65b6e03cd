define apt::source (
  String $location,
  String $release = $facts['os']['distro']['codename'],
  String $repos = 'main',
  Boolean $include_src = false,
  Optional[String] $key = undef,
) {
  $src = $include_src ? { true => "deb-src ${location} ${release} ${repos}\n", default => '' }
  file { "/etc/apt/sources.list.d/${title}.list":
    ensure  => file,
    content => "deb ${location} ${release} ${repos}\n${src}",
    notify  => Exec['apt_update'],
  }
  if $key {
    exec { "apt-key-${title}":
      command => "/usr/bin/apt-key adv --recv-keys ${key}",
      before  => File["/etc/apt/sources.list.d/${title}.list"],
    }
  }
}
exec { 'apt_update': command => '/usr/bin/apt-get update', refreshonly => true }
apt::source { 'docker': location => 'https://download.docker.com/linux/debian', repos => 'stable', key => '0EBFCD88' }
apt::source { 'backports': location => 'http://deb.debian.org/debian', release => 'bookworm-backports', include_src => true }
Apt::Source <| |> -> Package <| |>
package { 'docker-ce': ensure => installed }
