$x = /sdd` != 'root' ] ||? [ `stat -[:c '%G' /
