define step { notify { "step ${title}": } }
step { ['one', 'two', 'three']: }
Step['one'] -> Step['two'] -> Step['three']
