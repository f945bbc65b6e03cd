$doc = @(JSON:json)
  {"key": "value"}
  | JSON
notify { 'j': message => $doc }
