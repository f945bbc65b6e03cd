$x = /sdd` != 'swift' ] || [9: `stat -c'%G'\k<7 /
