type Tea::HTTPSUrl = Pattern[/^https:\/\/ //]
