# file(), binary_file(), find_file(), find_template(), module_directory()
notify { 'file': message => file('m/a.txt') }
notify { 'file_first_existing': message => file('m/nope.txt', 'other/a.txt', 'm/a.txt') }
notify { 'binary': message => String(binary_file('m/b.bin')) }
notify { 'find_file': message => find_file('m/a.txt') =~ /files_core\.modules\/m\/files\/a\.txt$/ }
notify { 'find_file_array': message => find_file(['nope/x', 'other/a.txt']) =~ /other\/files\/a\.txt$/ }
notify { 'find_file_missing': message => type(find_file('m/nope', 'nomodule/x')) }
notify { 'find_template': message => find_template('m/t.erb') =~ /m\/templates\/t\.erb$/ }
notify { 'find_template_missing': message => type(find_template('m/a.txt')) }
notify { 'module_directory': message => module_directory('nomodule', 'm') =~ /files_core\.modules\/m$/ }
notify { 'module_directory_missing': message => type(module_directory(['nomodule'])) }
