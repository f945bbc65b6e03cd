$s = $facts['sandbox']
define app::conf($content) {
  file { "${facts['sandbox']}/${title}.conf": ensure => file, content => $content }
}
app::conf { 'one': content => "1\n" }
~> exec { 'reload': command => "/bin/sh -c 'echo reloaded >> ${s}/log'", refreshonly => true }
