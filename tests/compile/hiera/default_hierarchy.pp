# A module's default_hierarchy answers only when no layer has the key.
include dh
