class Bad::Name { }
