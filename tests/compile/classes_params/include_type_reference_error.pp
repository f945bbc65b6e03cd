class profile::web { notify { 'web': } }
include Profile::Web
include 'PROFILE::WEB'
