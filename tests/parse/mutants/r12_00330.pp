$x = /e\xtc/
