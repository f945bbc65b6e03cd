# stdlib: a class declared again with other parameters
class app($workers = 2) { notify { "app with ${workers}": } }
class { 'app': workers => 3 }
ensure_resource('class', 'app', { 'workers' => 4 })
