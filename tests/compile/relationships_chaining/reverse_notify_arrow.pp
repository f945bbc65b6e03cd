service { 's': }
file { 'f': path => '/tmp/f' }
Service['s'] <~ File['f']
Service['s'] <- Package['p']
package { 'p': }
