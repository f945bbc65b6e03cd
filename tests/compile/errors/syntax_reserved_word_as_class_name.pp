class default { }
