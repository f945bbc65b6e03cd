realize(User['ghost'])
