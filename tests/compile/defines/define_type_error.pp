define typed (Integer $count) { }
typed { 'x': count => 'three' }
