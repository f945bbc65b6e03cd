# == Defined type: monit::check::filesystem
#
# Implement Monit's CHECK FILESYSTEM
#
define monit::check::filesystem(
  # Check type specific.
  $path
,
,
  $template   = 'monit/check/filesystem.erb',

  # Common parameters.
  $ensure     = present,
  $group      = $name,
  $alerts     = [],
  $noalerts   = [],
  $tests      = [],
  $depends    = [],
  $priority   = '20',
  $bundle     = $name,
  $order      = 0,
) {

  validate_absolute_path($path)

  monit::check::instance { "${name}_instance":
    ensure   => $ensure,
    name     => $name,
    type     => 'filesystem',
    priority => $priority,
    bundle   => $bundle,
    order    => $order,,
    template => $template,
    tests    => $$tests,
  }
}

