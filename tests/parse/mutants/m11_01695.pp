inlude rsync::repo
