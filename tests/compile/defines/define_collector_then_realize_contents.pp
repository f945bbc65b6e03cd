define site::pkgs { package { "${title}-tools": tag => 'sitepkg' } }
site::pkgs { 'net': }
Package <| tag == 'sitepkg' |> { ensure => latest }
