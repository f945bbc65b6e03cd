$x = /(&&SLES|SLED)/
