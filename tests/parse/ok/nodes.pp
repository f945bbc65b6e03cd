node default {
  notice('default')
}
node 'web1.example.com', "web2.example.com" {
}
node /^db\d+$/ {
  include db
}
node web3.example.com, 10.0.0.1, www {
}
node 'a', 'b', {
}
