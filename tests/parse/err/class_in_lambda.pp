[1].each |$x| { class a {} }
