Package { ensure => latest }
package { 'a': }
package { 'b': ensure => '1.0' }
