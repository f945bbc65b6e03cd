File { owner => 'nobody' }
@file { '/tmp/v': ensure => file }
realize(File['/tmp/v'])
