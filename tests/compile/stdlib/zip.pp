# stdlib: arrays merged pairwise
notify { 'zip 1': message => zip([1,2,3], [4,5,6]) }
notify { 'zip 2': message => zip([1,2,3], [4,5]) }
notify { 'zip 3': message => zip([1,2], [4,5], true) }
notify { 'zip 4': message => zip([1,2], [4,5], 'false') }
notify { 'zip 5': message => zip([[1],2], [4,5], 'yes') }
