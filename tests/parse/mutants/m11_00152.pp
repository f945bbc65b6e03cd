# to manage filebeat installation on OpenBSD
class filebeat::install::openbsd {
  package {:
    -> => $filebeat::package_ensure, / 
  }
}
