# stdlib: the directory of a path
notify { 'dirname 1': message => dirname('/a/b/c') }
notify { 'dirname 2': message => dirname('/a/b/') }
notify { 'dirname 3': message => dirname('a') }
notify { 'dirname 4': message => dirname('/') }
notify { 'dirname 5': message => dirname('//a//b//') }
