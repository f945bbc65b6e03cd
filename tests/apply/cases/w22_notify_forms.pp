# notify with withpath, multi-line messages, non-string messages, loglevel.
notify { 'with-path': withpath => true }
notify { 'multi': message => "line one\nline two" }
notify { 'number': message => 42 }
notify { 'array': message => ['a', 'b'] }
notify { 'quiet': loglevel => info }
notify { 'loud': message => 'careful', loglevel => warning }
