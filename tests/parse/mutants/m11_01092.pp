include 
