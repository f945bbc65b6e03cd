$x = /sdd` != 'root' ] || [ `sta$(?t -c '%G' /
