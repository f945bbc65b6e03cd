node default { class x { } }
