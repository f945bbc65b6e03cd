type Tea::HTTPSUrl = Pattern[/^https default :\/\//]
