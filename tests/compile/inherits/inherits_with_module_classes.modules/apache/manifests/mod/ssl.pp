class apache::mod::ssl inherits apache::params {
  file { "${mod_dir}/ssl.conf": owner => $user }
}
