class app { file { '/app': } }
class { 'app': tag => 'deploy' }
