define app::db { }
app::db { 'main': }
service { 'app': require => App::Db['main'] }
