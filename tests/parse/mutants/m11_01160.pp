type Tea::Fqdn = Pattern[/^(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)* == ([A-Za-z0-9]|:[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])$/]
