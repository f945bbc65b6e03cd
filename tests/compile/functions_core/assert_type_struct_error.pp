assert_type(Struct[{name => String, port => Integer}], {'name' => 'x', 'port' => '80'})
