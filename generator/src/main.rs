//! `hijri-generate`: command-line entry point of the generator.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use hijri_generator::generate::{generate, Options};

const HELP: &str = "\
hijri-generate: compute the Hijri month chain 1945-2100 and write the archive

USAGE:
    hijri-generate [--data DIR] [--out FILE] [--reuse FILE | --full] [--no-cards] [--quiet]
    hijri-generate announce --help
    hijri-generate evening --help
    hijri-generate cards --help

OPTIONS:
    --data DIR    the committed facts (default: data)
    --out FILE    the archive to write (default: <DIR>/hijri.archive); written to a temporary
                  file and renamed over FILE, so a running server can be sent SIGHUP safely
    --reuse FILE  take the cards whose inputs are unchanged from this archive (default: the
                  archive at --out, if there is one) and render only the rest
    --full        render every card
    --no-cards    skip the hilal PNG cards (quick; the card endpoints then answer 503)
    --quiet       no progress on stderr
    --help        this text
    --version     the version

SUBCOMMANDS:
    announce     take announced month starts into the official table and the ledger
    evening      print one evening's hilal record as JSON (see `hijri-generate evening --help`)
    cards        list the cards of an archive, or copy months' cards out as PNG files
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("hijri-generate: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let mut data_dir = PathBuf::from("data");
    let mut out = None;
    let mut progress = true;
    let mut cards = true;
    let mut reuse = None;
    let mut full = false;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = |name: &str| {
            rest.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value (see --help)"))
        };
        match arg.as_str() {
            "evening" => {
                let tail: Vec<String> = rest.cloned().collect();
                return hijri_generator::evening_cmd::run(&tail, &data_dir);
            }
            "announce" => {
                let tail: Vec<String> = rest.cloned().collect();
                return hijri_generator::announce::run(&tail, &data_dir);
            }
            "cards" => {
                let tail: Vec<String> = rest.cloned().collect();
                return hijri_generator::cards_cmd::run(&tail, &data_dir);
            }
            "--data" => data_dir = PathBuf::from(value("--data")?),
            "--out" => out = Some(PathBuf::from(value("--out")?)),
            "--reuse" => reuse = Some(PathBuf::from(value("--reuse")?)),
            "--full" => full = true,
            "--quiet" => progress = false,
            "--no-cards" => cards = false,
            "--help" | "-h" => {
                return write!(std::io::stdout(), "{HELP}").map_err(|e| format!("stdout: {e}"));
            }
            "--version" | "-V" => {
                let version = format!("hijri-generate {} ({})", hijri::VERSION, hijri::BUILD_HASH);
                return writeln!(std::io::stdout(), "{version}")
                    .map_err(|e| format!("stdout: {e}"));
            }
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    if full && reuse.is_some() {
        return Err("--full and --reuse exclude each other (see --help)".into());
    }
    let out = out.unwrap_or_else(|| data_dir.join("hijri.archive"));
    let reuse = (!full).then(|| reuse.unwrap_or_else(|| out.clone()));
    let options = Options {
        data_dir,
        out,
        progress,
        cards,
        reuse,
    };
    let summary = generate(&options).map_err(|e| e.to_string())?;
    if progress {
        eprintln!(
            "==> wrote {} ({} months, {} cards of which {} months rendered and {} reused, {:.1} MB)",
            options.out.display(),
            summary.months,
            summary.cards,
            summary.rendered,
            summary.reused,
            summary.bytes as f64 / 1e6
        );
    }
    Ok(())
}
