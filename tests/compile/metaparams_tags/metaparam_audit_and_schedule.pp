schedule { 'daily': period => daily }
file { '/f': audit => ['mode', 'owner'], schedule => 'daily' }
