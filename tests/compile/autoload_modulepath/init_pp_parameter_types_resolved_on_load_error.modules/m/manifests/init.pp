class m (Optional[Nope::Type] $x = undef) { }
