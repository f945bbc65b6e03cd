//! DMI facts from `/sys/class/dmi/id` (the running machine's firmware
//! tables): `dmi` (bios, board, chassis, manufacturer, product) and the
//! legacy `bios_vendor`, `manufacturer`, `productname`, `serialnumber`,
//! `uuid`, `chassistype`...

use crate::Facts;
use crate::host::{Host, read_text};
use serde_json::{Map, Value, json};

/// The DMI files Facter reads.
#[derive(Debug, Default, Clone)]
pub(crate) struct Dmi {
    pub bios_date: Option<String>,
    pub bios_vendor: Option<String>,
    pub bios_version: Option<String>,
    pub board_asset_tag: Option<String>,
    pub board_vendor: Option<String>,
    pub board_name: Option<String>,
    pub board_serial: Option<String>,
    pub chassis_asset_tag: Option<String>,
    pub chassis_type: Option<String>,
    pub sys_vendor: Option<String>,
    pub product_name: Option<String>,
    pub product_serial: Option<String>,
    pub product_uuid: Option<String>,
    pub product_version: Option<String>,
    pub board_version: Option<String>,
    pub chassis_vendor: Option<String>,
    pub chassis_version: Option<String>,
}

/// The chassis type's name (SMBIOS 7.4.1).
fn chassis_name(code: &str) -> Option<String> {
    const TYPES: [Option<&str>; 32] = [
        Some("Other"),
        None,
        Some("Desktop"),
        Some("Low Profile Desktop"),
        Some("Pizza Box"),
        Some("Mini Tower"),
        Some("Tower"),
        Some("Portable"),
        Some("Laptop"),
        Some("Notebook"),
        Some("Hand Held"),
        Some("Docking Station"),
        Some("All in One"),
        Some("Sub Notebook"),
        Some("Space-Saving"),
        Some("Lunch Box"),
        Some("Main System Chassis"),
        Some("Expansion Chassis"),
        Some("SubChassis"),
        Some("Bus Expansion Chassis"),
        Some("Peripheral Chassis"),
        Some("Storage Chassis"),
        Some("Rack Mount Chassis"),
        Some("Sealed-Case PC"),
        Some("Multi-system"),
        Some("CompactPCI"),
        Some("AdvancedTCA"),
        Some("Blade"),
        Some("Blade Enclosure"),
        Some("Tablet"),
        Some("Convertible"),
        Some("Detachable"),
    ];
    let n: i64 = code.trim().parse().unwrap_or(0);
    // Ruby's types[n - 1]: 0 reads the last entry, out of range is nil.
    let idx = n - 1;
    let idx = if idx < 0 {
        idx + TYPES.len() as i64
    } else {
        idx
    };
    TYPES
        .get(usize::try_from(idx).ok()?)
        .copied()
        .flatten()
        .map(str::to_string)
}

/// Reads the DMI files (none when the machine has no DMI).
pub(crate) fn read(host: &Host) -> Dmi {
    let dir = host.sys("class/dmi/id");
    if !host.sys("class/dmi").is_dir() {
        return Dmi::default();
    }
    let f = |name: &str| {
        read_text(&dir.join(name))
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
    };
    Dmi {
        bios_date: f("bios_date"),
        bios_vendor: f("bios_vendor"),
        bios_version: f("bios_version"),
        board_asset_tag: f("board_asset_tag"),
        board_vendor: f("board_vendor"),
        board_name: f("board_name"),
        board_serial: f("board_serial"),
        chassis_asset_tag: f("chassis_asset_tag"),
        chassis_type: f("chassis_type").and_then(|c| chassis_name(&c)),
        sys_vendor: f("sys_vendor"),
        product_name: f("product_name"),
        product_serial: f("product_serial"),
        product_uuid: f("product_uuid"),
        product_version: f("product_version"),
        board_version: f("board_version"),
        chassis_vendor: f("chassis_vendor"),
        chassis_version: f("chassis_version"),
    }
}

/// Gathers the DMI facts.
pub(crate) fn gather(d: &Dmi, facts: &mut Facts) {
    let mut dmi = Map::new();
    let mut sub = |group: Option<&str>, key: &str, legacy: &str, v: &Option<String>| {
        let Some(v) = v else { return };
        facts.insert(legacy.into(), json!(v));
        match group {
            Some(g) => {
                let e = dmi.entry(g.to_string()).or_insert_with(|| json!({}));
                if let Value::Object(m) = e {
                    m.insert(key.into(), json!(v));
                }
            }
            None => {
                dmi.insert(key.into(), json!(v));
            }
        }
    };
    sub(
        Some("bios"),
        "release_date",
        "bios_release_date",
        &d.bios_date,
    );
    sub(Some("bios"), "vendor", "bios_vendor", &d.bios_vendor);
    sub(Some("bios"), "version", "bios_version", &d.bios_version);
    sub(
        Some("board"),
        "asset_tag",
        "boardassettag",
        &d.board_asset_tag,
    );
    sub(
        Some("board"),
        "manufacturer",
        "boardmanufacturer",
        &d.board_vendor,
    );
    sub(Some("board"), "product", "boardproductname", &d.board_name);
    sub(
        Some("board"),
        "serial_number",
        "boardserialnumber",
        &d.board_serial,
    );
    sub(
        Some("chassis"),
        "asset_tag",
        "chassisassettag",
        &d.chassis_asset_tag,
    );
    sub(Some("chassis"), "type", "chassistype", &d.chassis_type);
    sub(None, "manufacturer", "manufacturer", &d.sys_vendor);
    sub(Some("product"), "name", "productname", &d.product_name);
    sub(
        Some("product"),
        "serial_number",
        "serialnumber",
        &d.product_serial,
    );
    sub(Some("product"), "uuid", "uuid", &d.product_uuid);
    if !dmi.is_empty() {
        facts.insert("dmi".into(), Value::Object(dmi));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chassis_types_are_named() {
        assert_eq!(chassis_name("1").as_deref(), Some("Other"));
        assert_eq!(chassis_name("2"), None);
        assert_eq!(chassis_name("23").as_deref(), Some("Rack Mount Chassis"));
        assert_eq!(chassis_name("99"), None);
    }
}
