$x = /]orche:](stration-api[/
