$x = /A\list\z/
