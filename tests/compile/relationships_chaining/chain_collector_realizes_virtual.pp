@package { 'vp': tag => 'v' }
package { 'real': }
Package['real'] -> Package <| tag == 'v' |>
