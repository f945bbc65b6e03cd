notify { 'n': message => [Notify, Exec, Package, Service, User, Resource['cron']] }
