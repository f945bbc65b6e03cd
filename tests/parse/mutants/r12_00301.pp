$x = /(mysql(?dump|mysqlbackupp)/
