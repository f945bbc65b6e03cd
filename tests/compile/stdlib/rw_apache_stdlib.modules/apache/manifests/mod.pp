define apache::mod (
  Optional[String] $lib = undef,
) {
  $_lib = pick($lib, "mod_${name}.so")
  file { "${apache::conf_dir}/mods-enabled/${name}.load":
    content => "LoadModule ${name}_module ${_lib}\n",
    require => Class['apache::config'],
    notify  => Class['apache::service'],
  }
}
