::etcd include
