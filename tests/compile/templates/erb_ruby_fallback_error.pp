# A template only the embedded Ruby renders fails with Ruby's own error, as
# Puppet reports it (file, line, detail).
class fb {
  file { '/tmp/fb.conf':
    content => template('fb/broken.erb'),
  }
}
include fb
