//! One version of a Puppet codebase, as `kuppet diff` compares two of them:
//! a manifest file, or an environment directory (Puppet's layout: the
//! manifests under `manifests/` in name order, or `manifests/site.pp`; the
//! modules under `modules/` and `site/`; `hiera.yaml` at its root), parsed
//! once and compiled for any node.

use kuppet_eval::{CompileRequest, Compiled, DataConfig, ManifestInput};
use kuppet_syntax::Manifest;
use kuppet_syntax::diagnostics::Diagnostic;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A parsed version of the code.
#[derive(Debug, Clone)]
pub struct Code {
    /// What the user named: the file or directory.
    pub label: String,
    pub manifests: Vec<Arc<Manifest>>,
    pub modulepath: Vec<PathBuf>,
    pub hiera_config: Option<PathBuf>,
}

impl Code {
    /// Reads a manifest file or an environment directory; `extra_modulepath`
    /// is searched after the environment's own module directories.
    pub fn load(path: &Path, extra_modulepath: &[PathBuf]) -> Result<Code, Diagnostic> {
        let label = path.display().to_string();
        let mut modulepath = Vec::new();
        let mut hiera_config = None;
        let files = if path.is_dir() {
            for dir in ["modules", "site"] {
                let d = path.join(dir);
                if d.is_dir() {
                    modulepath.push(d);
                }
            }
            let hiera = path.join("hiera.yaml");
            if hiera.is_file() {
                hiera_config = Some(hiera);
            }
            manifests_of(path).map_err(Diagnostic::message)?
        } else {
            vec![path.to_path_buf()]
        };
        modulepath.extend(extra_modulepath.iter().cloned());
        let mut manifests = Vec::with_capacity(files.len());
        for file in files {
            let source = super::read_source(&file).map_err(Diagnostic::message)?;
            manifests.push(Arc::new(kuppet_syntax::parse(
                &file.display().to_string(),
                &source,
            )?));
        }
        Ok(Code {
            label,
            manifests,
            modulepath,
            hiera_config,
        })
    }

    /// The file a `puppet:///modules/MODULE/PATH` source names in this code
    /// (`MODULE/files/PATH` in the first module directory that has MODULE).
    pub fn resolve_source(&self, url: &str) -> Option<PathBuf> {
        let rest = url.strip_prefix("puppet:///modules/")?;
        let (module, path) = rest.split_once('/')?;
        if module.is_empty() || path.split('/').any(|p| p == ".." || p.is_empty()) {
            return None;
        }
        let dir = self.modulepath.iter().find(|d| d.join(module).is_dir())?;
        Some(dir.join(module).join("files").join(path))
    }

    /// Compiles this code for one node.
    pub fn compile(
        &self,
        node: &str,
        facts: serde_json::Map<String, serde_json::Value>,
    ) -> Result<Compiled, Diagnostic> {
        let request = CompileRequest {
            manifests: self
                .manifests
                .iter()
                .map(|m| ManifestInput {
                    manifest: m.clone(),
                    apply_top_level: true,
                })
                .collect(),
            facts,
            node: node.to_string(),
            modulepath: self.modulepath.clone(),
            allow_generate: true,
            limits: Default::default(),
        };
        let data = DataConfig {
            hiera_config: self.hiera_config.clone(),
            ..Default::default()
        };
        kuppet_eval::compile_with_data(&request, &data)
    }
}

/// The main manifests of an environment directory: `manifests/*.pp` in name
/// order (Puppet's default `manifest` setting is the directory).
fn manifests_of(env: &Path) -> Result<Vec<PathBuf>, String> {
    let dir = env.join("manifests");
    let entries = std::fs::read_dir(&dir).map_err(|e| {
        format!(
            "{} has no manifests directory ({e}); give a manifest file or an environment with manifests/",
            env.display()
        )
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pp") && p.is_file())
        .collect();
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_environment_directory_has_manifests_modules_and_hiera() {
        let dir = tempfile::tempdir().expect("tempdir");
        let env = dir.path();
        std::fs::create_dir_all(env.join("manifests")).expect("mkdir");
        std::fs::create_dir_all(env.join("modules/m/manifests")).expect("mkdir");
        std::fs::write(env.join("manifests/b.pp"), "notify { 'b': }\n").expect("write");
        std::fs::write(env.join("manifests/a.pp"), "include m\n").expect("write");
        std::fs::write(
            env.join("modules/m/manifests/init.pp"),
            "class m { notify { 'm': } }\n",
        )
        .expect("write");
        std::fs::write(env.join("hiera.yaml"), "---\nversion: 5\n").expect("write");
        let code = Code::load(env, &[]).expect("loads");
        let names: Vec<&str> = code.manifests.iter().map(|m| m.path.as_str()).collect();
        assert!(names[0].ends_with("manifests/a.pp") && names[1].ends_with("manifests/b.pp"));
        assert_eq!(code.modulepath, vec![env.join("modules")]);
        assert_eq!(code.hiera_config, Some(env.join("hiera.yaml")));
        let compiled = code
            .compile("n1", serde_json::Map::new())
            .expect("compiles");
        let refs: Vec<String> = compiled
            .catalog
            .resources
            .iter()
            .map(|r| r.reference())
            .collect();
        assert!(refs.contains(&"Notify[m]".to_string()) && refs.contains(&"Notify[b]".to_string()));
        assert!(Code::load(&env.join("modules"), &[]).is_err());
    }
}
