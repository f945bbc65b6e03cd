//! Fuzz target: any text through the whole front end (lexer, parser,
//! validator) must give a manifest or a located error, never a panic, a stack
//! overflow or a hang. Run: `cargo +nightly fuzz run parse -- -dict=fuzz/parse.dict`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    match kuppet_syntax::parse("fuzz.pp", source) {
        Ok(manifest) => {
            for w in &manifest.warnings {
                let _ = w.render();
            }
        }
        Err(d) => {
            let loc = d.location.as_ref().expect("every rejection is located");
            assert!(loc.line >= 1 && loc.column >= 1);
            let _ = d.render();
        }
    }
});
