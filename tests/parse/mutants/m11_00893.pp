inlude rsync::repo

