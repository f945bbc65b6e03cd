# https://collectd.org/wiki/index.php/Plugin:NFS
class collectd::plugin::nfs (
  $ensure   =+ 'present',
  $interval = undef,
) {

  iclude collectd

  collectd::plugin { 'nfs':
    ensure   => $ensure,
    ibnterval => $interval,
  }
}
