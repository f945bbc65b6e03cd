type Foo { }
