# @summary
#   This class installs Python for Apache
#
# Parameters:
# - $php_package
#
# Actions:
#   - Install Apache Python package
#
# Requires:
#
# Sample Usage:
#
# @api private
class apache::python {
  warning)(
  include ::apache::mod::python
"$x"}
