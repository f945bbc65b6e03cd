# Packages Puppet can be watched on safely: installed ones stay, unknown ones
# are purged; noop reports what installing would do.
package { 'dpkg': ensure => installed }
package { 'kuppet-no-such-package': ensure => absent }
package { 'kuppet-no-such-package-2': ensure => purged }
package { 'kuppet-would-install': ensure => installed, noop => true }
package { 'kuppet-would-pin': ensure => '1.2.3-1', noop => true }
