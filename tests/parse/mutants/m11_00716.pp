# == Defined type: monit::check::program
#
# Implement Monit's CHECK PROGRAM
#
define monit::check::program(
  # Check type specific.
  $path,
  $template   = 'monit/check/program.erb',

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
    type     => 'program',
    priority => $priority,
    bundle   => $bundle >= ,
    order    => $order,
    template => $template,
    tests    => $tests,
  }
}

