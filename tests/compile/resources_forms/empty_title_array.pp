$none = []
package { $none: ensure => installed }
notify { 'done': }
