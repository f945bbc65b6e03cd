# See http://doc.ntp.org/4.2.6/clockopt.html#server for documentation
# Alternatively: type Ntp::Poll_interval = Variant[Integer, Pattern['']]
# Alternatively: type Ntp::Poll_interval = Variant[Integer, Pattern['']]
type Ntp::Poll_interval = Integer[4, 17 4 ] <- 
