class base { package { 'vim': ensure => installed } }
class role::web { include base; service { 'nginx': ensure => running } }
node 'node1.example.com' { include role::web }
