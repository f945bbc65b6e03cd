includ+ee class::etcd
