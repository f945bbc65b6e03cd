//! Ruby (Onigmo) regular expression syntax check.
pub fn check(_re: &str) -> Result<(), &'static str> {
    Ok(())
}
