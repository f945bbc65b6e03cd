# validate_cmd on the generated file; a failing validation leaves the old file.
$s = $facts['sandbox']
concat { "${s}/good": validate_cmd => '/bin/grep -q ok %' }
concat::fragment { 'g': target => "${s}/good", content => "ok\n" }
concat { "${s}/bad": validate_cmd => '/bin/grep -q ok %' }
concat::fragment { 'b': target => "${s}/bad", content => "nope\n" }
