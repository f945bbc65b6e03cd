$x = /]orcheestration-ap\p{i[/
