//! The resource types a compile knows: Puppet's core types ([`builtin`])
//! and the types modules define in Ruby (`MODULE/lib/puppet/type/NAME.rb`,
//! read by [`module`]), autoloaded from the modulepath; their attributes,
//! namevars, and the uniqueness keys Puppet aliases resources by.

use super::compiler::Compiler;
use kuppet_values::names::QualifiedName;
pub mod builtin;
pub mod module;

use builtin::CoreType;
use module::{Definitions, ModuleType, read_definitions};
use std::path::{Path, PathBuf};

/// A resource type: built into Puppet, or defined by a module in Ruby.
#[derive(Debug, Clone, Copy)]
pub enum TypeRef<'a> {
    Core(&'static CoreType),
    Module(&'a ModuleType),
}

impl<'a> TypeRef<'a> {
    /// Lowercase name: `file`, `nova_config`.
    pub fn name(&self) -> &'a str {
        match self {
            TypeRef::Core(t) => t.name,
            TypeRef::Module(t) => &t.name,
        }
    }

    /// As written in references: `File`, `Nova_config`.
    pub fn cap(&self) -> &'a str {
        match self {
            TypeRef::Core(t) => t.cap,
            TypeRef::Module(t) => &t.cap,
        }
    }

    /// The namevar the catalog leaves out when it equals the title.
    pub fn namevar(&self) -> &'a str {
        match self {
            TypeRef::Core(t) => t.namevar,
            TypeRef::Module(t) => t.namevar(),
        }
    }

    /// Whether two resources of the type may not share their namevars.
    pub(crate) fn isomorphic(&self) -> bool {
        match self {
            TypeRef::Core(t) => t.isomorphic,
            TypeRef::Module(_) => true,
        }
    }

    /// Whether `attr` is a parameter, property or metaparameter of the type.
    pub fn accepts(&self, attr: &str) -> bool {
        match self {
            TypeRef::Core(t) => t.accepts(attr),
            TypeRef::Module(t) => t.accepts(attr) || builtin::METAPARAMS.contains(&attr),
        }
    }

    pub fn is(&self, name: &str) -> bool {
        self.name() == name
    }
}

impl<'a> Compiler<'a> {
    /// The resource type called `name` (any case): a core type, or one a
    /// module on the modulepath defines in Ruby.
    pub fn resource_type(&mut self, name: &str) -> Option<TypeRef<'a>> {
        // Core types are found in any case, without a lowercase copy.
        let name = name.trim_top();
        if let Some(t) = builtin::core_type(name) {
            return Some(TypeRef::Core(t));
        }
        let lower = name.to_ascii_lowercase();
        if lower.is_empty() || lower.has_separator() {
            return None;
        }
        if let Some(found) = self.module_types.get(&lower) {
            return found.map(TypeRef::Module);
        }
        let loaded = self.load_module_type(&lower);
        let found: Option<&'a ModuleType> = loaded.map(|t| &*self.type_arena.alloc(t));
        self.module_types.insert(lower, found);
        found.map(TypeRef::Module)
    }

    /// Reads `lib/puppet/type/NAME.rb` of the first module that has it.
    fn load_module_type(&mut self, name: &str) -> Option<ModuleType> {
        let rel = Path::new("lib/puppet/type").join(format!("{name}.rb"));
        let (file, source) = self.module_dirs().into_iter().find_map(|m| {
            let f = m.join(&rel);
            std::fs::read_to_string(&f).ok().map(|s| (f, s))
        })?;
        let mut defs = read_definitions(&source);
        defs.type_name.as_ref()?;
        for mixin in defs.mixins.clone() {
            if let Some(more) = self.mixin_definitions(&mixin) {
                defs.absorb(more);
            }
        }
        let providers = Path::new("lib/puppet/provider").join(name);
        let has_providers = self
            .module_dirs()
            .iter()
            .any(|m| std::fs::read_dir(m.join(&providers)).is_ok_and(|mut d| d.next().is_some()));
        defs.into_type(&file.display().to_string(), has_providers)
    }

    /// What a mixin module (`PuppetX::KeystoneConfig::IniSetting`, in
    /// `lib/puppet_x/keystone_config/ini_setting.rb`) defines.
    fn mixin_definitions(&self, mixin: &str) -> Option<Definitions> {
        let rel: PathBuf = mixin
            .split("::")
            .map(snake_case)
            .collect::<Vec<_>>()
            .join("/")
            .into();
        let rel = Path::new("lib").join(rel).with_extension("rb");
        self.module_dirs().into_iter().find_map(|m| {
            let text = std::fs::read_to_string(m.join(&rel)).ok()?;
            Some(read_definitions(&text))
        })
    }

    /// Every module directory on the modulepath, in search order.
    fn module_dirs(&self) -> Vec<PathBuf> {
        self.modules.dirs().map(Path::to_path_buf).collect()
    }
}

/// `KeystoneConfig` → `keystone_config`, `PuppetX` → `puppet_x`.
fn snake_case(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::snake_case;

    #[test]
    fn ruby_constants_to_paths() {
        assert_eq!(snake_case("PuppetX"), "puppet_x");
        assert_eq!(snake_case("KeystoneConfig"), "keystone_config");
        assert_eq!(snake_case("IniSetting"), "ini_setting");
    }
}
