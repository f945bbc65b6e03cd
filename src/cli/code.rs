//! One version of a Puppet codebase, as `kuppet diff` compares two of them
//! and `kuppet compile`/`apply --environment-dir` compile one: a manifest
//! file, or an environment directory (Puppet's layout: `environment.conf`
//! with `manifest` and `modulepath`; by default the manifests under
//! `manifests/` in name order, the modules under `modules/` and `site/`;
//! `hiera.yaml` at its root as Hiera's environment layer), parsed once and
//! compiled for any node.

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
    /// The environment layer's `hiera.yaml`.
    pub hiera_config: Option<PathBuf>,
    /// The environment's name (an environment directory's name), when the
    /// code is an environment; `production` otherwise.
    pub environment: Option<String>,
}

/// An environment directory as Puppet reads it: `environment.conf`
/// (`manifest`, `modulepath` with `$basemodulepath`), its main manifests,
/// its modulepath, and `hiera.yaml` at its root (the environment layer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Environment {
    /// The directory's name (Puppet's environment name).
    pub name: String,
    /// The main manifests, in the order Puppet evaluates them.
    pub manifests: Vec<PathBuf>,
    pub modulepath: Vec<PathBuf>,
    /// `hiera.yaml` at the root, when there is one.
    pub hiera_config: Option<PathBuf>,
    /// Settings of `environment.conf` kuppet does not use (named in a warning).
    pub ignored_settings: Vec<String>,
}

impl Environment {
    /// Reads the environment at `dir`; `basemodulepath` is what
    /// `$basemodulepath` stands for (kuppet's `--modulepath`). Without an
    /// `environment.conf`: the manifests under `manifests/`, the modules in
    /// `modules/` then `site/` (the control repo's usual layout), then the
    /// base modulepath.
    pub fn read(dir: &Path, basemodulepath: &[PathBuf]) -> Result<Environment, String> {
        if !dir.is_dir() {
            return Err(format!(
                "The environment {} is not a directory; give the root of an environment (manifests/, modules/, hiera.yaml)",
                dir.display()
            ));
        }
        let name = dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "production".into());
        let conf_path = dir.join("environment.conf");
        let mut manifest = None;
        let mut modulepath = None;
        let mut ignored_settings = Vec::new();
        if conf_path.is_file() {
            let text = std::fs::read_to_string(&conf_path)
                .map_err(|e| format!("Could not read {}: {e}", conf_path.display()))?;
            for (n, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
                    continue;
                }
                if line.starts_with('[') && line.ends_with(']') {
                    continue;
                }
                let Some((key, value)) = line.split_once('=') else {
                    return Err(format!(
                        "{} line {}: expected `setting = value`, found `{line}`",
                        conf_path.display(),
                        n + 1
                    ));
                };
                let value = value.trim().trim_matches('"').to_string();
                match key.trim() {
                    "manifest" => manifest = Some(value),
                    "modulepath" => modulepath = Some(value),
                    "config_version" | "environment_timeout" | "static_catalogs" | "rich_data" => {
                        ignored_settings.push(key.trim().to_string())
                    }
                    other => {
                        return Err(format!(
                            "{} line {}: unknown setting `{other}`; environment.conf takes manifest, modulepath, config_version, environment_timeout, static_catalogs and rich_data",
                            conf_path.display(),
                            n + 1
                        ));
                    }
                }
            }
        }
        let base: Vec<String> = basemodulepath
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        let expand = |value: &str| {
            value
                .replace("$basemodulepath", &base.join(":"))
                .replace("$environment", &name)
        };
        let resolve = |p: &str| {
            let p = Path::new(p);
            if p.is_absolute() {
                p.to_path_buf()
            } else {
                dir.join(p)
            }
        };
        let modulepath = match &modulepath {
            Some(value) => expand(value)
                .split(':')
                .filter(|p| !p.is_empty())
                .map(resolve)
                .collect(),
            None => {
                let mut dirs: Vec<PathBuf> = ["modules", "site"]
                    .iter()
                    .map(|d| dir.join(d))
                    .filter(|d| d.is_dir())
                    .collect();
                dirs.extend(basemodulepath.iter().cloned());
                dirs
            }
        };
        let main = resolve(&expand(manifest.as_deref().unwrap_or("manifests")));
        let manifests = if main.is_file() {
            vec![main]
        } else if main.is_dir() {
            manifests_of(&main)?
        } else if manifest.is_some() {
            return Err(format!(
                "The manifest {} that {} names does not exist; give a file or a directory of .pp files",
                main.display(),
                conf_path.display()
            ));
        } else {
            return Err(format!(
                "{} has no manifests directory; give a manifest file or an environment with manifests/",
                dir.display()
            ));
        };
        let hiera = dir.join("hiera.yaml");
        Ok(Environment {
            name,
            manifests,
            modulepath,
            hiera_config: hiera.is_file().then_some(hiera),
            ignored_settings,
        })
    }
}

impl Code {
    /// Reads a manifest file or an environment directory; `extra_modulepath`
    /// is the base modulepath (searched after the environment's own module
    /// directories, or where its `environment.conf` says `$basemodulepath`).
    pub fn load(path: &Path, extra_modulepath: &[PathBuf]) -> Result<Code, Diagnostic> {
        let label = path.display().to_string();
        let (files, modulepath, hiera_config, environment) = if path.is_dir() {
            let env = Environment::read(path, extra_modulepath).map_err(Diagnostic::message)?;
            (
                env.manifests,
                env.modulepath,
                env.hiera_config,
                Some(env.name),
            )
        } else {
            (
                vec![path.to_path_buf()],
                extra_modulepath.to_vec(),
                None,
                None,
            )
        };
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
            environment,
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
            hiera_config: None,
            environment_hiera_config: self.hiera_config.clone(),
            environment: self.environment.clone(),
            ..Default::default()
        };
        kuppet_eval::compile_with_data(&request, &data)
    }
}

/// The manifests of a directory (Puppet's `manifest` setting naming a
/// directory): every `.pp` file under it, subdirectories included, sorted
/// by path as Ruby sorts strings (bytes).
fn manifests_of(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        let entries = std::fs::read_dir(&d)
            .map_err(|e| format!("Could not read the manifests in {}: {e}", d.display()))?;
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            // As Ruby's `**` glob: into directories, not through links to them.
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                pending.push(path);
            } else if path.extension().is_some_and(|x| x == "pp") && path.is_file() {
                files.push(path);
            }
        }
    }
    files.sort_by(|a, b| {
        a.as_os_str()
            .as_encoded_bytes()
            .cmp(b.as_os_str().as_encoded_bytes())
    });
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

#[cfg(test)]
mod environment_tests {
    use super::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }

    /// An environment.conf as Puppet 7.23 read it: `manifest = main` (every
    /// .pp under it, subdirectories included, sorted by path: Puppet
    /// evaluated main/a.pp, main/b.pp, main/c.pp, main/sub/a.pp) and
    /// `modulepath = site:$basemodulepath` (no modules/).
    #[test]
    fn environment_conf_names_the_manifests_and_the_modulepath() {
        let dir = tempfile::tempdir().expect("tempdir");
        let env = dir.path().join("c");
        let base = dir.path().join("base");
        write(
            &env,
            "environment.conf",
            "# r10k layout\nmanifest = main\nmodulepath = site:$basemodulepath\nenvironment_timeout = 0\n",
        );
        for f in [
            "main/b.pp",
            "main/sub/a.pp",
            "main/c.pp",
            "main/a.pp",
            "main/x.txt",
        ] {
            write(&env, f, "");
        }
        write(&env, "modules/ignored/manifests/init.pp", "");
        std::fs::create_dir_all(env.join("site")).expect("mkdir");
        std::fs::create_dir_all(&base).expect("mkdir");
        let e = Environment::read(&env, std::slice::from_ref(&base)).expect("reads");
        let names: Vec<String> = e
            .manifests
            .iter()
            .map(|p| p.strip_prefix(&env).expect("inside").display().to_string())
            .collect();
        assert_eq!(
            names,
            ["main/a.pp", "main/b.pp", "main/c.pp", "main/sub/a.pp"]
        );
        assert_eq!(e.modulepath, vec![env.join("site"), base.clone()]);
        assert_eq!(e.name, "c");
        assert_eq!(e.ignored_settings, ["environment_timeout"]);
        assert_eq!(e.hiera_config, None);
        // A manifest file, and mistakes named.
        write(&env, "environment.conf", "manifest = main/c.pp\n");
        let e = Environment::read(&env, &[]).expect("reads");
        assert_eq!(e.manifests, vec![env.join("main/c.pp")]);
        assert_eq!(e.modulepath, vec![env.join("modules"), env.join("site")]);
        write(&env, "environment.conf", "manifest = nope.pp\n");
        let err = Environment::read(&env, &[]).expect_err("no manifest");
        assert!(
            err.contains("nope.pp") && err.contains("does not exist"),
            "{err}"
        );
        write(&env, "environment.conf", "\nmodulepth = x\n");
        let err = Environment::read(&env, &[]).expect_err("a typo");
        assert!(err.contains("line 2") && err.contains("modulepth"), "{err}");
    }

    /// The environment's hiera.yaml is Hiera's environment layer: above the
    /// module's data, with its own data directory relative to the root.
    #[test]
    fn an_environments_hiera_is_its_layer() {
        let dir = tempfile::tempdir().expect("tempdir");
        let env = dir.path();
        write(env, "manifests/site.pp", "include m\n");
        write(
            env,
            "modules/m/manifests/init.pp",
            "class m(String $v) { notify { \"v=${v}\": } }\n",
        );
        write(env, "modules/m/hiera.yaml", "version: 5\n");
        write(env, "modules/m/data/common.yaml", "m::v: module\n");
        write(
            env,
            "hiera.yaml",
            "version: 5\nhierarchy:\n  - name: node\n    path: 'nodes/%{trusted.certname}.yaml'\n",
        );
        write(env, "data/nodes/web1.yaml", "m::v: web1\n");
        let code = Code::load(env, &[]).expect("loads");
        let refs = |node: &str| -> Vec<String> {
            code.compile(node, serde_json::Map::new())
                .expect("compiles")
                .catalog
                .resources
                .iter()
                .map(|r| r.reference())
                .collect()
        };
        assert!(refs("web1").contains(&"Notify[v=web1]".to_string()));
        assert!(refs("db1").contains(&"Notify[v=module]".to_string()));
    }

    /// Puppet names an environment after its directory: `$environment`,
    /// `$settings::environment`, the catalog's `environment` and Hiera's
    /// `%{environment}` (Puppet 7.23, `puppet apply --environment staging`).
    #[test]
    fn an_environment_is_named_after_its_directory() {
        let dir = tempfile::tempdir().expect("tempdir");
        let env = dir.path().join("staging");
        write(
            &env,
            "manifests/site.pp",
            "notify { \"${environment} ${settings::environment} ${lookup('where')}\": }\n",
        );
        write(
            &env,
            "hiera.yaml",
            "version: 5\nhierarchy:\n  - name: env\n    path: '%{environment}.yaml'\n",
        );
        write(&env, "data/staging.yaml", "where: staging data\n");
        let code = Code::load(&env, &[]).expect("loads");
        let compiled = code
            .compile("n1", serde_json::Map::new())
            .expect("compiles");
        assert_eq!(compiled.catalog.environment, "staging");
        assert!(
            compiled
                .catalog
                .resource("Notify[staging staging staging data]")
                .is_some()
        );
    }
}
