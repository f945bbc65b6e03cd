class tuned ($profile = 'balanced', $enabled = true) { notify { 'tuned': message => [$profile, $enabled] } }
$settings = { 'profile' => 'throughput-performance', 'enabled' => false }
class { 'tuned': * => $settings }
