case $x { 1 {} }
