$m = File['/nope']['mode']
