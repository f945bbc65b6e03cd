# stdlib: arrays and strings reversed
notify { 'reverse 1': message => reverse([1, 2, 3]) }
notify { 'reverse 2': message => reverse('abc') }
notify { 'reverse 3': message => reverse([]) }
