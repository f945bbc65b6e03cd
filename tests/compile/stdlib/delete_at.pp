# stdlib: an element removed by index
notify { 'delete_at 1': message => delete_at(['a','b','c'], 1) }
notify { 'delete_at 2': message => delete_at(['a','b','c'], '1') }
notify { 'delete_at 3': message => delete_at(['a','b','c'], -1) }
notify { 'delete_at 4': message => delete_at(['a','b','c'], -5) }
