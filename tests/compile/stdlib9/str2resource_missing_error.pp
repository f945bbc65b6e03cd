notify { 'ref': require => stdlib::str2resource('Package[later]') }
package { 'later': }
