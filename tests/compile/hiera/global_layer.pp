# The global layer (a hiera.yaml given to the compile, Puppet's hiera_config)
# comes before module data; hiera(), hiera_array(), hiera_hash() and
# hiera_include() search it (and only it); lookup() searches both.
hiera_include('classes')
notify { 'hiera': message => String(hiera('ntp_servers')) }
notify { 'hiera_array': message => String(hiera_array('ntp_servers')) }
notify { 'hiera_hash': message => String(hiera_hash('users')) }
notify { 'hiera default': message => hiera('gm::only_in_module', 'not seen by hiera()') }
notify { 'hiera block': message => hiera('nothing') |$k| { "block ${k}" } }
notify { 'lookup module': message => lookup('gm::only_in_module') }
notify { 'lookup merged': message => String(lookup('users', Hash, 'deep')) }
