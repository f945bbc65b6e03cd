$x = /\.etcd3wg/
