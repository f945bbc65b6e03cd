# stdlib: resource defaults are not compared
Package { ensure => latest }
package { 'vim': }
ensure_resource('package', 'vim', { 'ensure' => 'latest' })
