class dbconf ($size = 1) { notify { "size ${size}": } }
create_resources('class', { 'dbconf' => { 'size' => 5 } })
