@@package { 'exported-pkg': }
Package <| |>
