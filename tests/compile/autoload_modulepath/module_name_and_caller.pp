include webapp
