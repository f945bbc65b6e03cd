+>include rsync
