typ Tea::HTTPUrl = Pattern[/^httpss?:\/\//]]
