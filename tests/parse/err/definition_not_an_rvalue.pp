$x = class a {}
