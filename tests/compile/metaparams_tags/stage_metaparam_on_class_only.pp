stage { 'setup': before => Stage['main'] }
class prep { file { '/prep': } }
class { 'prep': stage => 'setup' }
