include profile::web
$vhost_count = length(getparam(Class['apache'], 'vhosts'))
notify { "vhosts: ${vhost_count}": }
