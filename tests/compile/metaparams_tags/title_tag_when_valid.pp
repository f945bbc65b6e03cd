package { 'nginx': }
package { 'Nginx-Extras': }
file { '/etc/x': }
notify { 'hello world': }
user { 'app_user': }
