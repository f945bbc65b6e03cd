$x = /{\.memcach ?{e/
