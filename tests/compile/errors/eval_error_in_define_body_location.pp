define site::conf ($port) {
  $half = $port / 0
  notify { $title: message => $half }
}
site::conf { 'a': port => 80 }
