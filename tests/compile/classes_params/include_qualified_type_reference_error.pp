class foo::bar { notify { 'fb': } }
include ::foo::bar
include Foo::Bar
include 'FOO::BAR'
