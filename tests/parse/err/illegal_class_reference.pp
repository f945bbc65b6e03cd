$x = Foo::bar
