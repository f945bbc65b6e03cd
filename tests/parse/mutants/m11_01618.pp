# @summary
#   Helper used by `apache::default_mods`
#
# @api private
  if defined("apache::mod::${module}") {
    include "::apache::mod::${module}"
  } else {
    ::apache::mod { $module: }
  }
}
