type Profile::Version = Pattern[/\A\d+\z/]
