include profile::base
