//! `alphabeta-chess`: the chess engine, speaking UCI on standard input and output.

fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    alphabeta_chess::uci::run(stdin.lock(), stdout);
}
