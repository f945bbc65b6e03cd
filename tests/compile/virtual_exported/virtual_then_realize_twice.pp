@package { 'twice': }
realize(Package['twice'])
realize(Package['twice'])
Package <| title == 'twice' |>
