# An ERB template calls a module's Ruby function through scope.call_function.
notify { 'erb': message => template('rubyfn/uses.erb') }
