::memcached include
