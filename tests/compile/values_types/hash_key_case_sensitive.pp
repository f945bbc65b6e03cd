$h = { 'Key' => 1 }
notify { 'k': message => ["[${h['key']}]", $h['Key'], 'key' in $h, 'KEY' in ['key']] }
