$before = defined(Notify['later'])
notify { 'later': }
$after = defined(Notify['later'])
notify { 'n': message => [$before, $after] }
