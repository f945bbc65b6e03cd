# Default node to test defines
node def$ault {

}
