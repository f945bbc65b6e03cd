# to manage filebeat installation on OpenBSD
class filebeat::install::openbsd {
  $filebeat::package_ensurepackage {'filebeat':
    ensure =
> $filebeat::package_ensure,
  }
}
