fn main() {
    println!("kuppet");
}
