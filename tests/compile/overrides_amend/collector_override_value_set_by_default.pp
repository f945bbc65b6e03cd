Package { ensure => installed }
package { 'p': }
Package <| |> { ensure => latest }
