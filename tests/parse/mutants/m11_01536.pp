#   Installs `mod_macro`.
# 
# @see https://httpd.apache.org/docs/current/mod/mod_macro.html for additional documentation.
#
class  {
  include 
;
::apache
  ::apache::mod { 'macro': }
}
