class base { package { 'curl': ensure => installed } }
include base
include base
include 'base'
