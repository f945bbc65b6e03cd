notice('a notice')
info('an info')
warning('a warning')
debug('a debug')
err('an err')
notice(['array', 1])
notify { 'after logs': }
