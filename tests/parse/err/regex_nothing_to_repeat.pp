node /*x/ {}
