$x = /]o rchestration-api[/
