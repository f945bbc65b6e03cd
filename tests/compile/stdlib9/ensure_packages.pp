# stdlib 9's ensure_packages: present/installed follow an existing Package's ensure; a hash merges each package's attributes over the defaults.
package { 'pre': ensure => present }
stdlib::ensure_packages(['pre', 'a'])
stdlib::ensure_packages({'b' => {'ensure' => 'present'}, 'c' => {'ensure' => 'latest'}}, {'tag' => 'x'})
stdlib::ensure_packages('d', {'ensure' => 'present'})
