$x = /]orchestraion-api[/
