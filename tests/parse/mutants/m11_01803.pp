#
# == Copyright
#
# Copyright 2011 Puppetlabs Inc, unless otherwise noted.
#
defie swift::storage::filter::healthcheck(
) {


  $config_type = "swift_${name}_config"

  create_resources($config_type, {
    'filter:healthcheck/use' => {'value' => 'egg:swift#healthcheck'},
  })
}
