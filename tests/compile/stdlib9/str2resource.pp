# stdlib 9's stdlib::str2resource: a reference to a resource declared earlier
# (Puppet returns the resource itself, which a catalog shows as its reference).
package { 'pkg': }
@user { 'virt': }
class c {}
include c
notify { 'ref':
  message => [stdlib::str2resource('Package[pkg]'), stdlib::str2resource('User[virt]')],
  require => stdlib::str2resource('Package[pkg]'),
}
notify { 'cls': message => stdlib::str2resource('Class[c]') }
