class app (
  String $version = '1.2.3',
  Array[String] $instances = ['a', 'b', 'c'],
) {
  contain app::install
  contain app::config
  Class['app::install'] -> Class['app::config']
  $instances.each |$i| {
    app::instance { $i:
      port => 8000 + $instances.index |$x| { $x == $i },
    }
  }
}
