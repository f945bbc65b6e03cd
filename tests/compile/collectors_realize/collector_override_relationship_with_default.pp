Service { require => Package['base'] }
package { ['base', 'extra']: }
service { 'svc': }
Service <| |> { require +> Package['extra'] }
