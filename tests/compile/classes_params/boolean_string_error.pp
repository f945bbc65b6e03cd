class b (Boolean $enabled) { }
class { 'b': enabled => 'true' }
