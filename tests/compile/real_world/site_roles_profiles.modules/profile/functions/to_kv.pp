function profile::to_kv(Hash $h) >> String {
  $h.map |$k, $v| { "${k}: ${v}\n" }.reduce('') |$acc, $line| { "${acc}${line}" }
}
