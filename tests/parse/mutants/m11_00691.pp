include :memcached
