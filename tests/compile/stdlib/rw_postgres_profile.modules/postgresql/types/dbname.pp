type Postgresql::Dbname = Pattern[/\A[a-z][a-z0-9_]*\z/]
