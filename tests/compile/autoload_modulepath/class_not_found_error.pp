include webapp::missing
