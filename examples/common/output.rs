//! Standard output for the examples: a closed pipe (`| head`) ends the program quietly, with
//! status 0, instead of the panic of `println!`. Included with `#[path]`; `outln!` and `out!`
//! are `println!` and `print!` over it.

use std::fmt;
use std::io::Write;

/// Writes `args` to stdout; exits quietly if stdout is closed.
pub fn write(args: fmt::Arguments<'_>, newline: bool) {
    let mut out = std::io::stdout().lock();
    let written =
        out.write_fmt(args).and_then(|()| if newline { out.write_all(b"\n") } else { Ok(()) });
    if written.and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// `println!` that ends the program quietly on a closed stdout.
macro_rules! outln {
    () => {
        $crate::output::write(format_args!(""), true)
    };
    ($($arg:tt)*) => {
        $crate::output::write(format_args!($($arg)*), true)
    };
}

/// `print!` that ends the program quietly on a closed stdout.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write(format_args!($($arg)*), false)
    };
}

/// Asks a human player for a move: prints `Your move: ` and returns the next line of input,
/// or `None` at its end (after a newline, so that the terminal's prompt starts on a line of
/// its own).
#[allow(dead_code)] // for the examples that play
pub fn ask_move(lines: &mut impl Iterator<Item = std::io::Result<String>>) -> Option<String> {
    write(format_args!("Your move: "), false);
    match lines.next() {
        Some(Ok(line)) => Some(line),
        _ => {
            write(format_args!(""), true);
            None
        }
    }
}
