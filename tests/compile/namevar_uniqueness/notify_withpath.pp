notify { 'w': withpath => true, message => 'with path' }
