$pkg = package { 'ruby': }
$pkg -> exec { 'gem install bundler': path => '/usr/bin' }
