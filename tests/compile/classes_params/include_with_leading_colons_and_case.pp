class foo::bar { notify { 'fb': } }
include ::foo::bar
include 'FOO::BAR'
include Class['foo::bar']
