@@user { 'replica': uid => 4000 }
User <<| |>> { ensure => present }
