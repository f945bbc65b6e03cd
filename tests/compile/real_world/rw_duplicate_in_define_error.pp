$sites = { 'a' => {}, 'b' => { 'docroot' => '/srv' }, 'c' => {} }
$sites.each |$s, $o| { web::site { $s: * => $o } }
