# stdlib: prefixes and suffixes
notify { 'start_end_with 1': message => stdlib::start_with('foobar', 'foo') }
notify { 'start_end_with 2': message => stdlib::start_with('foobar', ['x', 'fo']) }
notify { 'start_end_with 3': message => stdlib::start_with('foobar', 'bar') }
notify { 'start_end_with 4': message => stdlib::end_with('foobar', 'bar') }
notify { 'start_end_with 5': message => stdlib::end_with('foobar', ['x', 'y']) }
notify { 'start_end_with 6': message => 'foobar'.stdlib::end_with('ar') }
