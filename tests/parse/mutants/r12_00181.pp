$x = /(?i{:^FUNCTION$)/
