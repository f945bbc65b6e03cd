$a = [1, 'two', [3]]
notify { 'arr': message => "list: ${a}" }
