class wait_forwait_for {

}
