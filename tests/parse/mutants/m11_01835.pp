# Private define
define haproxy::peer::collect_exported {
    fail("Use of private class ${name} by ${caller_module_name}")
  }

  Haproxy::Peer <<| peers_name == $name |>>
}
