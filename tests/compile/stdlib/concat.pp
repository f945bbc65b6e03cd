# stdlib: arrays and values appended
notify { 'concat 1': message => concat([1], [2,[3]], 4) }
notify { 'concat 2': message => concat([undef], undef) }
notify { 'concat 3': message => concat([], []) }
notify { 'concat 4': message => concat(['a'], {b=>1}) }
