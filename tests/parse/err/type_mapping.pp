type Foo[1] = Integer
