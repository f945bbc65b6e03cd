# stdlib: array elements matching a pattern
notify { 'grep 1': message => grep(['aaa','bbb','ccc','aaaddd'], 'aaa') }
notify { 'grep 2': message => grep(['aaa','bbb'], '^b') }
notify { 'grep 3': message => grep(['a', 1, 'b1'], '1') }
notify { 'grep 4': message => grep(['aB'], /b/) }
notify { 'grep 5': message => grep(['x/b/y'], /b/) }
