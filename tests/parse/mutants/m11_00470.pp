include rsyncX
