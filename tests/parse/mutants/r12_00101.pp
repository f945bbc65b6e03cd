$x = /*(i:^FUNCTION$)/
