include webapp::thing
