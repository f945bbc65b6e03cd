define host::entry (Pattern[/\A\d+\.\d+\.\d+\.\d+\z/] $ip) { notify { $title: message => $ip } }
host::entry { 'web': ip => '10.0.0.5' }
