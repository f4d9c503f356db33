//! The command line of `hijri-generate`. clap reads the whole command line: the generation's
//! options, or a subcommand with its own flags (their types, help and value rules live with
//! each subcommand: `announce.rs`, `announce_holidays.rs`, `evening.rs`, `prayer.rs`, `cards.rs`); the global `--data` is accepted
//! before or after the subcommand.

mod announce;
mod announce_holidays;
mod cards;
mod evening;
mod prayer;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::generate::{generate, Options};
use announce::AnnounceArgs;
use announce_holidays::AnnounceHolidaysArgs;
use cards::CardsArgs;
use evening::EveningArgs;
use prayer::PrayerArgs;

/// hijri-generate: compute the Hijri month chain 1945-2100 and write the archive
#[derive(Debug, Parser)]
#[command(
    name = "hijri-generate",
    disable_help_subcommand = true,
    override_usage = "hijri-generate [--data DIR] [--out FILE] [--reuse FILE | --full] [--no-cards] [--quiet]\n       \
                      hijri-generate [--data DIR] <announce|announce-holidays|evening|prayer|cards> [ARGS] (see <COMMAND> --help)"
)]
struct Cli {
    /// The committed facts (before or after a subcommand)
    #[arg(long, value_name = "DIR", default_value = "data", global = true)]
    data: PathBuf,
    /// The archive to write (default: <DIR>/hijri.archive); written to a
    /// temporary file and renamed over FILE, so a running server can be sent SIGHUP
    #[arg(long, value_name = "FILE", verbatim_doc_comment)]
    out: Option<PathBuf>,
    /// Take the cards whose inputs are unchanged, and the compressed answers
    /// whose bodies are, from this archive (default: the archive at --out, if
    /// there is one); render and compress only the rest
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "full",
        verbatim_doc_comment
    )]
    reuse: Option<PathBuf>,
    /// Render every card and compress every answer
    #[arg(long)]
    full: bool,
    /// Skip the hilal PNG cards (quick; the card endpoints then answer 503)
    #[arg(long)]
    no_cards: bool,
    /// No progress on stderr
    #[arg(long)]
    quiet: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

// Each subcommand's description, help and examples are on its arguments' type.
#[derive(Debug, Subcommand)]
enum Command {
    Announce(AnnounceArgs),
    AnnounceHolidays(AnnounceHolidaysArgs),
    Evening(EveningArgs),
    Prayer(PrayerArgs),
    Cards(CardsArgs),
}

/// Runs `hijri-generate` on the process's arguments: usage errors exit 2 (with `--help` and
/// `--version` exiting 0), run errors 1 with one line on stderr.
pub fn main() -> ExitCode {
    let cli = match parse(std::env::args_os()) {
        Ok(cli) => cli,
        // --help and --version (exit 0, stdout) or a usage error (exit 2, stderr).
        Err(error) => error.exit(),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("hijri-generate: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Parses the command line, with the version line `<version> (<build hash>)`. The
/// generation's options beside a subcommand are a usage error (they would be ignored).
fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli, clap::Error> {
    let version = format!("{} ({})", hijri::VERSION, hijri::BUILD_HASH);
    // Built once per process: leaking the line is what makes it `'static` for clap.
    let mut command = Cli::command().version(&*Box::leak(version.into_boxed_str()));
    let matches = command.try_get_matches_from_mut(args)?;
    let cli = Cli::from_arg_matches(&matches)?;
    let given = |arg: &&clap::Arg| {
        !arg.is_global_set()
            && matches.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine)
    };
    let stray = cli.command.as_ref().and_then(|_| {
        let arg = command.get_arguments().find(given)?;
        Some(arg.get_long().unwrap_or_default().to_owned())
    });
    match stray {
        Some(flag) => Err(command.error(
            ErrorKind::ArgumentConflict,
            format!("--{flag} is an option of the generation, not of a subcommand"),
        )),
        None => Ok(cli),
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let data_dir = cli.data;
    // Every command reads the committed facts; outside the repository the default `data`
    // is not there, and the file errors below would not say what to do.
    if !data_dir.is_dir() {
        return Err(format!(
            "no facts directory {}: run inside the repository, or pass --data DIR (the \
             repository's data/ directory)",
            data_dir.display()
        ));
    }
    match cli.command {
        Some(Command::Announce(args)) => return announce::run(args, &data_dir),
        Some(Command::AnnounceHolidays(args)) => return announce_holidays::run(args, &data_dir),
        Some(Command::Evening(args)) => return evening::run(args, &data_dir),
        Some(Command::Prayer(args)) => return prayer::run(args, &data_dir),
        Some(Command::Cards(args)) => return cards::run(args, &data_dir),
        None => {}
    }
    let progress = !cli.quiet;
    let out = cli.out.unwrap_or_else(|| data_dir.join("hijri.archive"));
    let reuse = (!cli.full).then(|| cli.reuse.unwrap_or_else(|| out.clone()));
    let options = Options {
        data_dir,
        out,
        progress,
        cards: !cli.no_cards,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn cli(args: &[&str]) -> Result<Cli, clap::Error> {
        parse(
            std::iter::once("hijri-generate")
                .chain(args.iter().copied())
                .map(OsString::from),
        )
    }

    #[test]
    fn data_in_any_position() {
        for args in [
            &["--data", "d", "cards", "--list"][..],
            &["cards", "--data", "d", "--list"],
            &["cards", "--list", "--data", "d"],
            &["cards", "--list", "--data=d"],
            &["--data", "x", "cards", "--list", "--data", "d"],
        ] {
            let cli = cli(args).unwrap();
            assert_eq!(cli.data, PathBuf::from("d"), "{args:?}");
            assert!(matches!(cli.command, Some(Command::Cards(_))), "{args:?}");
        }
        let evening = cli(&["evening", "--date", "2025-02-28", "--site", "x"]).unwrap();
        assert_eq!(evening.data, PathBuf::from("data"));
    }

    #[test]
    fn subcommand_usage_errors_exit_2() {
        for args in [
            &["cards", "--frobnicate"][..],
            &["cards"],
            &["cards", "--month", "1446-9", "--out", "x"],
            &["cards", "--month", "1446-09"],
            &["evening", "--date", "2025-2-3", "--site", "x"],
            &["announce"],
            &["announce", "1448-08:2027-01-09"],
            &["announce", "1448-08=2027-01-09", "--full"],
            &["evening", "--data"],
            &["--full", "cards", "--list"],
            &["--quiet", "evening", "--date", "2025-02-28", "--site", "x"],
            &["--out", "x", "announce", "1448-08=2027-01-09"],
        ] {
            let error = cli(args).unwrap_err();
            assert_eq!(error.exit_code(), 2, "{args:?}: {error}");
        }
    }

    #[test]
    fn usage_errors() {
        assert!(cli(&["--full", "--reuse", "x"]).is_err());
        assert!(cli(&["--frobnicate"]).is_err());
        assert!(cli(&["--out"]).is_err());
        assert!(cli(&["paint"]).is_err());
        let plain = cli(&["--quiet", "--no-cards", "--data", "x", "--out", "y"]).unwrap();
        assert!(plain.quiet && plain.no_cards && plain.command.is_none());
    }

    #[test]
    fn version_and_help_exit_zero() {
        let version = cli(&["--version"]).unwrap_err();
        assert_eq!(version.kind(), clap::error::ErrorKind::DisplayVersion);
        assert_eq!(version.exit_code(), 0);
        let help = cli(&["--help"]).unwrap_err();
        assert_eq!(help.kind(), clap::error::ErrorKind::DisplayHelp);
        let text = help.to_string();
        for flag in [
            "--data",
            "--out",
            "--reuse",
            "--full",
            "--no-cards",
            "--quiet",
        ] {
            assert!(text.contains(flag), "{flag} missing from --help");
        }
        for (command, about) in [
            ("announce", "Take announced month starts"),
            ("evening", "Print one evening's hilal record"),
            ("prayer", "Print a site's prayer times"),
            ("cards", "List the cards of an archive"),
        ] {
            assert!(text.contains(command), "{command} missing from --help");
            assert!(text.contains(about), "{about} missing from --help");
            let help = cli(&[command, "--help"]).unwrap_err();
            assert_eq!(help.kind(), clap::error::ErrorKind::DisplayHelp);
            assert!(help.to_string().contains("Examples:"), "{command} --help");
        }
    }
}
