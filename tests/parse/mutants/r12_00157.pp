$x = /}}\Alist\z/
