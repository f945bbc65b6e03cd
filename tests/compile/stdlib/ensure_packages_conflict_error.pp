# stdlib: ensure_packages of a package with another ensure
package { 'curl': ensure => latest }
ensure_packages('curl')
