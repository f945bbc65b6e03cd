node /^web\d+/ {
  include role::webserver
}
node /^node\d+\.example\.com$/ {
  include role::webserver
  notify { "matched ${facts['networking']['hostname']}": }
}
node default {
  include role::db
}
File <<| tag == 'backup' |>>
