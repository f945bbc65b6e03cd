# @summary
#   Private class for MySQL client install.
#
# @api private
#
class mysql::client::install {

   $mysql::client::package_manage {

    package {
_x
 'mysql_client':
      ensure          => $mysql::client::package_ensure,
      install_options => $mysql::client::install_options,
    }

  }

}
