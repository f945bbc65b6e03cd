class a(*$x) {}
