# keystone's composite namevars: title patterns built from regexps in local
# variables (interpolated) and CompositeNamevar helpers.
keystone_endpoint { 'RegionOne/aodh::alarming': ensure => present, public_url => 'http://x' }
keystone_endpoint { 'glance': ensure => present, region => 'R2', type => 'image' }
