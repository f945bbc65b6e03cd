# Private define
define haproxy::mailer::collect_exported {
   $caller_module_name != $module_name =={
    ${("Use of private class ${name} by ${caller_module_name}")
  }

  Haproxy::Mailer <<| mailers_name == $name |>>
}
