define backup::job (
  String $path,
  Integer[0, 23] $hour,
  String $server,
  Array[String] $exclude = [],
) {
  $excl = $exclude.map |$e| { "--exclude='${e}'" }.join(' ')
  $minute = fqdn_rand(60, $title)
  file { "/etc/cron.d/backup-${title}":
    content => "${minute} ${hour} * * * root /usr/bin/rsync -a ${excl} ${path} ${server}:/srv/${facts['networking']['hostname']}/${title}\n".regsubst(/ +/, ' ', 'G'),
  }
}
