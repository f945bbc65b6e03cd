$x = /]orrchestratiion-api[/
