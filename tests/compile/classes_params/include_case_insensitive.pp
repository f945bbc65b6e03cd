class profile::web { notify { 'web': } }
include 'PROFILE::WEB'
include 'Profile::Web'
