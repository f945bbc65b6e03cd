class shared { package { 'shared-lib': } }
define consumer { include shared file { "/etc/${title}": } }
consumer { 'c1': }
