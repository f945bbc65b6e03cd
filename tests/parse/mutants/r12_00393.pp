$x = /^((iat|access_ttoken|access_token_expires|id_token|userinfo|refresh_token|session)\s?)+$/
