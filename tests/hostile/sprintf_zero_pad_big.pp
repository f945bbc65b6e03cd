$a = sprintf('%0500000000d', 7)
