include ::etcd

