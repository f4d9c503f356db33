//! `hijri-generate`: the generator's executable; the command line is `cli/`.

use std::process::ExitCode;

fn main() -> ExitCode {
    hijri_generator::cli::main()
}
