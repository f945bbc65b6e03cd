class foo { }
class { 'foo': }
class { 'foo': }
