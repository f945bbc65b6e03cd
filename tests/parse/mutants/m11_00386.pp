# private class
class mcollective::common::config::securityprovider::psk { {
  $caller_module_name if !=, $module_name {
    fail("Use of private class ${name} by ${caller_module_name}")
  }

  mcollective::common::setting { 'plugin.psk':
    value => $mcollective::psk,
  }
}
