notify { 'f': message => [flatten([1, [2, [3, [4]]]]), [[1], 2].flatten, flatten(5)] }
