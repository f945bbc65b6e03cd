class d (Integer $port = 'eighty') { }
include d
