define d($Foo) {}
