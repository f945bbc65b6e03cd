$x = /sdd` != 'swift{:]' ] || [ `stat -c '%G' /
