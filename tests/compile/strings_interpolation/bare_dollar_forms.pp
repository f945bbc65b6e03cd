$svc = 'web'
$port = 80
notify { 'forms': message => "$svc:$port ${svc}s $svc-1 $port.0 ${svc}" }
