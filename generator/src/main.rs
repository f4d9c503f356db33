//! `hijri-generate`: command-line entry point of the generator. clap reads the global options
//! (accepted before or after a subcommand) and picks the subcommand; each subcommand reads the
//! arguments that follow it with its own parser and `--help` text.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use hijri_generator::generate::{generate, Options};

/// hijri-generate: compute the Hijri month chain 1945-2100 and write the archive
#[derive(Debug, Parser)]
#[command(
    name = "hijri-generate",
    disable_help_subcommand = true,
    override_usage = "hijri-generate [--data DIR] [--out FILE] [--reuse FILE | --full] [--no-cards] [--quiet]\n       \
                      hijri-generate [--data DIR] <announce|evening|cards> [ARGS] (see <SUBCOMMAND> --help)"
)]
struct Cli {
    /// The committed facts
    #[arg(long, value_name = "DIR", default_value = "data", global = true)]
    data: PathBuf,
    /// The archive to write (default: <DIR>/hijri.archive); written to a temporary file and
    /// renamed over FILE, so a running server can be sent SIGHUP safely
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Take the cards whose inputs are unchanged from this archive (default: the archive at
    /// --out, if there is one) and render only the rest
    #[arg(long, value_name = "FILE", conflicts_with = "full")]
    reuse: Option<PathBuf>,
    /// Render every card
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

#[derive(Debug, Subcommand)]
enum Command {
    /// Take announced month starts into the official table and the ledger
    Announce(Rest),
    /// Print one evening's hilal record as JSON
    Evening(Rest),
    /// List the cards of an archive, or copy months' cards out as PNG files
    Cards(Rest),
}

/// The arguments after a subcommand, for its own parser (which also answers `--help`).
#[derive(Debug, Args)]
#[command(disable_help_flag = true)]
struct Rest {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    args: Vec<String>,
}

fn main() -> ExitCode {
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

/// Parses the command line, with the version line `<version> (<build hash>)`.
fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli, clap::Error> {
    let version = format!("{} ({})", hijri::VERSION, hijri::BUILD_HASH);
    // Built once per process: leaking the line is what makes it `'static` for clap.
    let command = Cli::command().version(&*Box::leak(version.into_boxed_str()));
    Cli::from_arg_matches(&command.try_get_matches_from(args)?)
}

/// Takes `--data DIR` (or `--data=DIR`) out of a subcommand's arguments, where clap leaves it
/// once the subcommand's own arguments have begun; the last one wins, as with clap.
fn take_data(args: Vec<String>, data_dir: &mut PathBuf) -> Result<Vec<String>, String> {
    let mut rest = Vec::with_capacity(args.len());
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        if arg == "--data" {
            let dir = it.next().ok_or("--data needs a value (see --help)")?;
            *data_dir = PathBuf::from(dir);
        } else if let Some(dir) = arg.strip_prefix("--data=") {
            *data_dir = PathBuf::from(dir);
        } else {
            rest.push(arg);
        }
    }
    Ok(rest)
}

fn run(cli: Cli) -> Result<(), String> {
    let mut data_dir = cli.data;
    match cli.command {
        Some(Command::Announce(rest)) => {
            let args = take_data(rest.args, &mut data_dir)?;
            return hijri_generator::announce::run(&args, &data_dir);
        }
        Some(Command::Evening(rest)) => {
            let args = take_data(rest.args, &mut data_dir)?;
            return hijri_generator::evening_cmd::run(&args, &data_dir);
        }
        Some(Command::Cards(rest)) => {
            let args = take_data(rest.args, &mut data_dir)?;
            return hijri_generator::cards_cmd::run(&args, &data_dir);
        }
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

    fn sub(cli: Cli) -> (PathBuf, Vec<String>) {
        let mut data = cli.data;
        let rest = match cli.command.expect("a subcommand") {
            Command::Announce(rest) | Command::Evening(rest) | Command::Cards(rest) => rest,
        };
        let args = take_data(rest.args, &mut data).unwrap();
        (data, args)
    }

    #[test]
    fn data_in_any_position() {
        let want = (PathBuf::from("d"), vec!["--list".to_owned()]);
        for args in [
            &["--data", "d", "cards", "--list"][..],
            &["cards", "--data", "d", "--list"],
            &["cards", "--list", "--data", "d"],
            &["cards", "--list", "--data=d"],
        ] {
            assert_eq!(sub(cli(args).unwrap()), want, "{args:?}");
        }
        let (data, args) = sub(cli(&["evening", "--help"]).unwrap());
        assert_eq!(
            (data, args),
            (PathBuf::from("data"), vec!["--help".to_owned()])
        );
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
        for command in ["announce", "evening", "cards"] {
            assert!(text.contains(command), "{command} missing from --help");
        }
    }
}
