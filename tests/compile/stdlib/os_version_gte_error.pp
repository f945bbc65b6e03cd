# stdlib: an empty version
$x = os_version_gte('Debian', '')
