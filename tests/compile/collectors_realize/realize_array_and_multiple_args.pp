@notify { ['a', 'b', 'c', 'd']: }
realize([Notify['a'], Notify['b']], Notify['c'])
