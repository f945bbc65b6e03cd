# stdlib: a resource declared with other parameters
package { 'curl': ensure => '1.0' }
ensure_resource('package', 'curl', { 'ensure' => 'installed' })
