# Type to match base64 String
 + type Tea::Base64 = Pattern[/^[a-zA-Z0-9\/\+]+={,2}$/]
