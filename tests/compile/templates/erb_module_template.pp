# template('mod/file.erb') from a module's templates/ directory, several
# templates concatenated, and a template rendering another through
# scope.function_template in the same scope.
class webapp($app_name = 'shop', $port = 8080, $workers = undef, $servers = ['s1', 's2']) {
  file { '/etc/webapp.conf':
    content => template('webapp/config.erb', 'webapp/footer.erb'),
  }
}
class { 'webapp': workers => 4 }
