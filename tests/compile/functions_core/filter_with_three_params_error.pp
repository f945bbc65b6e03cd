[1].filter |$a, $b, $c| { true }
