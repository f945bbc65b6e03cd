# stdlib: defined types, classes with parameters, numbers as titles
define app::site($port = 80, $root = "/srv/${title}") {
  notify { "site ${title} on ${port} in ${root}": }
}
class app($workers = 2) { notify { "app with ${workers}": } }
ensure_resource('app::site', 'one', { 'port' => 8080 })
ensure_resource('app::site', 'one', { 'port' => 8080 })
ensure_resource('app::site', ['two', 'three'], {})
ensure_resource('class', 'app', { 'workers' => 4 })
ensure_resource('class', 'app', { 'workers' => 4 })
ensure_resource('notify', '1', {})
ensure_resource('notify', 1, {})
