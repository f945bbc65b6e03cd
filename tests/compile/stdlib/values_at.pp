# stdlib: array elements by index and range
notify { 'values_at 1': message => values_at(['a','b','c','d'], 1) }
notify { 'values_at 2': message => values_at(['a','b','c','d'], ['0-2']) }
notify { 'values_at 3': message => values_at(['a','b','c','d'], ['0...2', 3]) }
notify { 'values_at 4': message => values_at(['a','b','c','d'], '1..2') }
notify { 'values_at 5': message => values_at(['a',undef,'c'], [0,1,2]) }
notify { 'values_at 6': message => values_at(['a','b','c','d'], [3, 0]) }
