package { 'python3-pip': }
package { '7zip': }
file { 'x.y.z': path => '/tmp/xyz' }
