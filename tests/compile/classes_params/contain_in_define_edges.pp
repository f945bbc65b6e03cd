class shared { package { 'shared-lib': } }
define consumer { contain shared }
consumer { 'c1': }
