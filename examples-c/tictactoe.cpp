// A C++17 host of the C API through the RAII wrapper alphabeta.hpp: tic-tac-toe solved
// position by position.
//
//     target/examples-c/tictactoe_cpp --solve XX.OO....     # value 1 best 2 (as the Rust example)
//     target/examples-c/tictactoe_cpp tests/data/tictactoe/positions.txt
//     target/examples-c/tictactoe_cpp --check-wrapper
//
// With a file of `board side value optimal-moves` lines (tests/data/tictactoe/positions.txt,
// all 5,478 reachable positions) it solves every board, and analyses it (every move's score),
// and compares the value and the set of optimal moves both give, then prints
// `positions N mismatches M` and exits 1 on a mismatch.
// `--check-wrapper` checks the wrapper itself: move-only ownership, errors as exceptions, an
// exception thrown by a game member carried across the C library and rethrown, the engine
// usable afterwards, and `stop()` from another thread.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include <alphabeta.hpp>

namespace {

constexpr std::int32_t kWin = ALPHABETA_WIN;
constexpr std::array<std::uint16_t, 8> kLines = {0x007, 0x038, 0x1c0, 0x049,
                                                 0x092, 0x124, 0x111, 0x054};

/// Zobrist keys from a fixed seed (splitmix64).
struct Keys {
    std::uint64_t piece[2][9];
    std::uint64_t side[2];
    Keys() {
        std::uint64_t state = 0x71077ac7u;
        auto next = [&state] {
            std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            return z ^ (z >> 31);
        };
        for (auto &mark : piece) {
            for (auto &key : mark) {
                key = next();
            }
        }
        side[0] = next();
        side[1] = next();
    }
};
const Keys kKeys;

/// A tic-tac-toe position, with the members alphabeta::Engine expects of a game.
class Board {
public:
    /// Parses 9 characters `X`, `O`, `.`; throws std::invalid_argument.
    static Board parse(const std::string &cells) {
        if (cells.size() != 9) {
            throw std::invalid_argument("a board has 9 cells, this one has " +
                                        std::to_string(cells.size()) + " characters");
        }
        Board b;
        for (int i = 0; i < 9; ++i) {
            const char c = cells[static_cast<std::size_t>(i)];
            if (c == 'X' || c == 'x') {
                b.marks_[0] = static_cast<std::uint16_t>(b.marks_[0] | (1u << i));
            } else if (c == 'O' || c == 'o') {
                b.marks_[1] = static_cast<std::uint16_t>(b.marks_[1] | (1u << i));
            } else if (c != '.') {
                throw std::invalid_argument("cells are 'X', 'O' or '.'");
            }
        }
        const int x = count(b.marks_[0]), o = count(b.marks_[1]);
        if (x != o && x != o + 1) {
            throw std::invalid_argument("X moves first, so X has as many marks as O or one more");
        }
        b.to_move_ = x == o ? 0 : 1;
        return b;
    }

    // The game's members (see alphabeta.hpp).
    std::int32_t generate_moves(std::uint32_t *moves, std::int32_t capacity) const {
        std::int32_t n = 0;
        for (std::uint32_t cell = 0; cell < 9; ++cell) {
            if (((marks_[0] | marks_[1]) & (1u << cell)) == 0) {
                if (n < capacity) {
                    moves[n] = cell;
                }
                ++n;
            }
        }
        return n;
    }
    void make_move(std::uint32_t cell) {
        marks_[to_move_] = static_cast<std::uint16_t>(marks_[to_move_] | (1u << cell));
        to_move_ = 1 - to_move_;
    }
    void unmake_move(std::uint32_t cell) {
        to_move_ = 1 - to_move_;
        marks_[to_move_] = static_cast<std::uint16_t>(marks_[to_move_] & ~(1u << cell));
    }
    std::int32_t evaluate(std::int32_t player, std::uint32_t ply, std::uint32_t) const {
        const int w = winner();
        if (w < 0) {
            return 0;
        }
        const std::int32_t win = kWin - static_cast<std::int32_t>(ply);
        return w == player ? win : -win;
    }
    std::uint64_t zobrist_key() const {
        std::uint64_t key = kKeys.side[to_move_];
        for (int cell = 0; cell < 9; ++cell) {
            for (int mark = 0; mark < 2; ++mark) {
                if (marks_[mark] & (1u << cell)) {
                    key ^= kKeys.piece[mark][cell];
                }
            }
        }
        return key;
    }
    std::int32_t side_to_move() const { return to_move_; }
    bool is_terminal() const { return (marks_[0] | marks_[1]) == 0x1ff || winner() >= 0; }
    // A pass, for null-move pruning (an extra mark never hurts in tic-tac-toe).
    void make_null_move() { to_move_ = 1 - to_move_; }
    void unmake_null_move() { to_move_ = 1 - to_move_; }

    /// 0 (X) or 1 (O) with three in a row, -1 for none.
    int winner() const {
        for (int mark = 0; mark < 2; ++mark) {
            for (std::uint16_t line : kLines) {
                if ((marks_[mark] & line) == line) {
                    return mark;
                }
            }
        }
        return -1;
    }

    bool operator==(const Board &other) const {
        return marks_[0] == other.marks_[0] && marks_[1] == other.marks_[1] &&
               to_move_ == other.to_move_;
    }

private:
    static int count(std::uint16_t bits) {
        int n = 0;
        for (; bits != 0; bits = static_cast<std::uint16_t>(bits & (bits - 1))) {
            ++n;
        }
        return n;
    }

    std::uint16_t marks_[2] = {0, 0};
    std::int32_t to_move_ = 0;
};

struct Solved {
    int value;                     // 1 win, 0 draw, -1 loss for the side to move
    std::vector<std::uint32_t> best;  // every move that keeps the value (empty when over)
};

/// The value and the optimal moves, as the Rust example computes them: each move searched to
/// the end.
Solved solve(alphabeta::Engine &engine, Board &board) {
    if (board.is_terminal()) {
        const int w = board.winner();
        return {w < 0 ? 0 : (w == board.side_to_move() ? 1 : -1), {}};
    }
    std::array<std::uint32_t, 9> moves{};
    const std::int32_t n = board.generate_moves(moves.data(), 9);
    Solved out{-2, {}};
    for (std::int32_t i = 0; i < n; ++i) {
        board.make_move(moves[static_cast<std::size_t>(i)]);
        const alphabeta::SearchResult child = engine.search(board, alphabeta_limits_depth(9));
        board.unmake_move(moves[static_cast<std::size_t>(i)]);
        const int value = -((child.result.score > 0) - (child.result.score < 0));
        if (value > out.value) {
            out.value = value;
            out.best.clear();
        }
        if (value == out.value) {
            out.best.push_back(moves[static_cast<std::size_t>(i)]);
        }
    }
    return out;
}

std::string format_moves(const std::vector<std::uint32_t> &moves) {
    if (moves.empty()) {
        return "-";
    }
    std::string text;
    for (std::uint32_t mv : moves) {
        text += (text.empty() ? "" : ",") + std::to_string(mv);
    }
    return text;
}

alphabeta_config solver_config() {
    alphabeta_config config = alphabeta_config_default();
    config.lmr = false;  // value-preserving
    config.quiescence = false;
    return config;
}

int solve_file(const char *path) {
    std::ifstream in(path);
    if (!in) {
        std::cerr << "error: cannot read " << path << "\n";
        return 1;
    }
    alphabeta::Engine engine(solver_config(), 4096);
    std::string line;
    unsigned long positions = 0, mismatches = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        std::istringstream fields(line);
        std::string cells, side, best;
        int value = 0;
        if (!(fields >> cells >> side >> value >> best)) {
            std::cerr << "error: bad line: " << line << "\n";
            return 1;
        }
        Board board = Board::parse(cells);
        const Board before = board;
        const Solved solved = solve(engine, board);
        // The analysis of every move gives the same optimal moves: those whose score has the
        // position's sign (win, draw or loss).
        const alphabeta::Analysis analysis =
            engine.analyze(board, alphabeta_limits_depth(9), SIZE_MAX);
        std::vector<std::uint32_t> keeping;
        for (const alphabeta::RootMove &m : analysis.moves) {
            const int sign = (m.move.score > 0) - (m.move.score < 0);
            if (sign == value && m.move.bound == ALPHABETA_BOUND_EXACT && !m.pv.empty() &&
                m.pv[0] == m.move.mv) {
                keeping.push_back(m.move.mv);
            }
        }
        std::sort(keeping.begin(), keeping.end());
        // The exact solver gives the value's sign and one of the optimal moves.
        const alphabeta_solution exact = engine.solve(board);
        const int exact_sign = (exact.value > 0) - (exact.value < 0);
        const bool exact_ok =
            exact.exact && exact_sign == value &&
            (exact.has_best_move ? std::find(solved.best.begin(), solved.best.end(),
                                             exact.best_move) != solved.best.end()
                                 : solved.best.empty());
        ++positions;
        if (solved.value != value || format_moves(solved.best) != best || !(board == before) ||
            format_moves(keeping) != best || !exact_ok) {
            ++mismatches;
            std::cout << cells << " MISMATCH value " << solved.value << " best "
                      << format_moves(solved.best) << " expected " << value << " " << best << "\n";
        }
    }
    std::cout << "positions " << positions << " mismatches " << mismatches << "\n";
    return mismatches == 0 ? 0 : 1;
}

// ---- --check-wrapper ----

int checks_failed = 0, checks_passed = 0;

void expect(bool ok, const char *what) {
    if (ok) {
        ++checks_passed;
    } else {
        ++checks_failed;
        std::cout << "FAIL: " << what << "\n";
    }
}

/// A board whose evaluation throws once `throw_after` evaluations have been made.
class ThrowingBoard : public Board {
public:
    explicit ThrowingBoard(int throw_after) : throw_after_(throw_after) {}
    std::int32_t evaluate(std::int32_t player, std::uint32_t ply, std::uint32_t left) {
        if (evaluations_++ == throw_after_) {
            throw std::runtime_error("evaluation failed");
        }
        return Board::evaluate(player, ply, left);
    }

private:
    int throw_after_;
    int evaluations_ = 0;
};

/// A copy of `board` whose evaluation throws at the `throw_after`-th evaluation (hostile
/// review: the table a solve leaves behind after a game member threw).
class ThrowingAt : public Board {
public:
    ThrowingAt(const Board &board, int throw_after) : Board(board), throw_after_(throw_after) {}
    std::int32_t evaluate(std::int32_t player, std::uint32_t ply, std::uint32_t left) {
        if (evaluations_++ == throw_after_) {
            throw std::runtime_error("evaluation failed");
        }
        return Board::evaluate(player, ply, left);
    }

private:
    int throw_after_;
    int evaluations_ = 0;
};

/// A game without end (every position has two moves), for the stop check.
struct Endless {
    std::uint64_t key = 1;
    std::vector<std::uint64_t> keys;
    std::int32_t generate_moves(std::uint32_t *moves, std::int32_t capacity) {
        for (std::int32_t i = 0; i < 2 && i < capacity; ++i) {
            moves[i] = static_cast<std::uint32_t>(i);
        }
        return 2;
    }
    void make_move(std::uint32_t mv) {
        keys.push_back(key);
        key = key * 6364136223846793005ull + 1442695040888963407ull + mv;
    }
    void unmake_move(std::uint32_t) {
        key = keys.back();
        keys.pop_back();
    }
    double evaluate(std::int32_t player, std::uint32_t, std::uint32_t) const {
        const double v = static_cast<double>(key >> 44) / 1024.0;  // 0 .. 1024
        return (keys.size() % 2 == 0) == (player == 0) ? v : -v;
    }
    std::uint64_t zobrist_key() const { return key; }
    std::int32_t side_to_move() const { return static_cast<std::int32_t>(keys.size() % 2); }
    bool is_terminal() const { return false; }
};

int check_wrapper(bool timing) {
    static_assert(!std::is_copy_constructible_v<alphabeta::Engine>, "move-only");
    static_assert(!std::is_copy_assignable_v<alphabeta::Engine>, "move-only");
    static_assert(std::is_nothrow_move_constructible_v<alphabeta::Engine>, "movable");
    static_assert(std::is_nothrow_move_assignable_v<alphabeta::Engine>, "movable");

    // Ownership moves; the moved-from engine is empty and reports NULL_POINTER.
    alphabeta::Engine a(solver_config(), 1024);
    alphabeta_engine *raw = a.get();
    alphabeta::Engine b(std::move(a));
    expect(b.get() == raw && !a && static_cast<bool>(b), "move construction transfers the engine");
    a = std::move(b);
    expect(a.get() == raw && !b, "move assignment transfers the engine");
    try {
        Board board = Board::parse(".........");
        b.search(board, alphabeta_limits_depth(9));
        expect(false, "a moved-from engine throws");
    } catch (const alphabeta::Error &e) {
        expect(e.status() == ALPHABETA_ERROR_NULL_POINTER, "a moved-from engine: NULL_POINTER");
    }

    // Bad configuration: Error with the status and its message.
    try {
        alphabeta_config bad = alphabeta_config_default();
        bad.algorithm = 7;
        alphabeta::Engine e(bad);
        expect(false, "a bad config throws");
    } catch (const alphabeta::Error &e) {
        expect(e.status() == ALPHABETA_ERROR_BAD_CONFIG &&
                   std::string(e.what()) == alphabeta_status_message(ALPHABETA_ERROR_BAD_CONFIG),
               "a bad config: BAD_CONFIG with its message");
    }

    // Bad limits.
    try {
        Board board = Board::parse(".........");
        a.search(board, alphabeta_limits_depth(0));
        expect(false, "max_depth 0 throws");
    } catch (const alphabeta::Error &e) {
        expect(e.status() == ALPHABETA_ERROR_ZERO_MAX_DEPTH, "max_depth 0: ZERO_MAX_DEPTH");
    }

    // An exception from a game member crosses the library safely and is rethrown; the board is
    // back in place and the engine works afterwards.
    for (int after : {0, 1, 7, 100}) {
        ThrowingBoard board(after);
        const Board before = board;
        try {
            a.clear_table();
            a.search(board, alphabeta_limits_depth(9));
            expect(false, "the evaluation's exception is rethrown");
        } catch (const std::runtime_error &e) {
            expect(std::string(e.what()) == "evaluation failed",
                   "the game's own exception comes back");
        }
        expect(static_cast<const Board &>(board) == before, "the board is restored");
        try {
            ThrowingBoard window_board(after);
            a.search_window(window_board, 9, -1, 1);
            expect(false, "the window search rethrows");
        } catch (const std::runtime_error &e) {
            expect(std::string(e.what()) == "evaluation failed", "the window search rethrows");
        }
    }
    {
        Board board = Board::parse("XX.OO....");
        const alphabeta::SearchResult r = a.search(board, alphabeta_limits_depth(9));
        expect(r.result.has_best_move && r.result.best_move == 2 && r.result.score == kWin - 1 &&
                   !r.pv.empty() && r.pv.size() == r.result.pv_length && r.pv[0] == 2,
               "the engine still searches after the exceptions");
        // (A cleared table: a null-window root may otherwise be settled by the table entry
        // of the search above, which gives the score but no move.)
        a.clear_table();
        const alphabeta_window_result w = a.search_window(board, 9, 0, 1);
        expect(w.score >= 1 && w.has_best_move && w.best_move == 2, "a window search");
        a.clear_table();
        const alphabeta_window_result m = a.mtdf(board, 9, 0);
        expect(m.score == kWin - 1 && m.has_best_move && m.best_move == 2 && m.root_searches >= 2,
               "MTD(f)");
        const alphabeta::Analysis analysis = a.analyze(board, alphabeta_limits_depth(9), 2);
        expect(analysis.moves.size() == 5 && analysis.moves[0].move.mv == 2 &&
                   analysis.moves[0].move.score == kWin - 1 && analysis.moves[0].pv == std::vector<std::uint32_t>{2} &&
                   analysis.result.best_move == 2 && static_cast<const Board &>(board) == Board::parse("XX.OO...."),
               "an analysis");
        a.clear_table();
        const alphabeta_solution solved = a.solve(board);
        expect(solved.exact && solved.value == kWin - 1 && solved.has_best_move &&
                   solved.best_move == 2 && solved.searches >= 1 &&
                   static_cast<const Board &>(board) == Board::parse("XX.OO...."),
               "an exact solve");
        a.clear_table();
        const alphabeta_solution between = a.solve_between(board, -kWin, kWin);
        expect(between.exact && between.value == kWin - 1 && between.best_move == 2,
               "an exact solve between bounds");
        a.clear_table();
        const alphabeta_window_result test = a.solve_window(board, 0, 1);
        expect(test.score >= 1 && test.has_best_move && test.best_move == 2,
               "one test of the exact solver");
        try {
            a.solve_between(board, 1, -1);
            expect(false, "an empty range throws");
        } catch (const alphabeta::Error &e) {
            expect(e.status() == ALPHABETA_ERROR_INVALID_WINDOW, "an empty range: INVALID_WINDOW");
        }
        try {
            ThrowingBoard throwing(0);
            a.solve(throwing);
            expect(false, "the exact solve rethrows");
        } catch (const std::runtime_error &e) {
            expect(std::string(e.what()) == "evaluation failed", "the exact solve rethrows");
        }
        try {
            ThrowingBoard throwing(3);
            a.analyze(throwing, alphabeta_limits_depth(9), 1);
            expect(false, "the analysis rethrows");
        } catch (const std::runtime_error &e) {
            expect(std::string(e.what()) == "evaluation failed", "the analysis rethrows");
        }
    }

    // Found by a hostile review: a game member that throws during an exact solve. The
    // wrapper rethrows, but the solve went on until its stop poll with every new node
    // "terminal" and scored 0 (the trampolines' fallbacks), and stored those values as
    // proven in the engine's table; the next solve of the same position on that engine, with
    // a game that does not throw, returned a wrong value marked exact (the wrapper now clears
    // the table before it rethrows).
    {
        int wrong = 0, total = 0;
        for (const char *cells : {".......OX", ".....O.XX", "....X..O.", "X...O...."}) {
            const Board clean = Board::parse(cells);
            alphabeta::Engine fresh(solver_config(), 1024);
            Board copy = clean;
            const alphabeta_solution expected = fresh.solve(copy);
            for (int after : {0, 1, 2, 3, 5, 8, 13, 40}) {
                for (int call = 0; call < 3; ++call) {
                    alphabeta::Engine e(solver_config(), 1024);
                    ThrowingAt throwing(clean, after);
                    try {
                        if (call == 0) {
                            e.solve(throwing);
                        } else if (call == 1) {
                            e.solve_between(throwing, -kWin, kWin);
                        } else {
                            e.solve_window(throwing, 0, 1);
                        }
                    } catch (const std::runtime_error &) {
                    }
                    Board board = clean;
                    const alphabeta_solution got = e.solve(board);
                    ++total;
                    if (got.exact && got.value != expected.value) {
                        ++wrong;
                        if (wrong <= 3) {
                            std::cout << "  " << cells << " after a throw at evaluation " << after
                                      << " in " << (call == 0 ? "solve" : call == 1 ? "solve_between" : "solve_window")
                                      << ": exact value " << got.value << ", expected "
                                      << expected.value << "\n";
                        }
                    }
                }
            }
        }
        std::cout << "  " << wrong << " of " << total << " solves after a throw wrong\n";
        expect(wrong == 0,
               "a solve after a game member threw in a solve on the same engine is right");
    }
    // Hostile review: empty and degenerate ranges, a moved-from engine, through the new calls.
    {
        alphabeta::Engine e(solver_config(), 1024);
        Board board = Board::parse("XX.OO....");
        try {
            e.solve_window(board, 1, 1);
            expect(false, "an empty solve window throws");
        } catch (const alphabeta::Error &err) {
            expect(err.status() == ALPHABETA_ERROR_INVALID_WINDOW, "an empty solve window: INVALID_WINDOW");
        }
        try {
            e.solve_between(board, INT32_MIN, 0);
            expect(false, "INT32_MIN low throws");
        } catch (const alphabeta::Error &err) {
            expect(err.status() == ALPHABETA_ERROR_INVALID_WINDOW, "INT32_MIN low: INVALID_WINDOW");
        }
        const alphabeta_solution point = e.solve_between(board, 0, 0);
        expect(!point.exact && point.lower >= 0 && static_cast<const Board &>(board) == Board::parse("XX.OO...."),
               "a one-value range that misses the value: not exact");
        // Found by a hostile review: the one-value range at -infinity: the value (kWin - 1) lies
        // outside it, which the documentation says is found out (exact false); the call returned
        // it marked exact (the range [INT32_MAX, INT32_MAX] was found out as documented).
        e.clear_table();
        const alphabeta_solution bottom = e.solve_between(board, -INT32_MAX, -INT32_MAX);
        expect(!bottom.exact,
               "a one-value range at -INT32_MAX that misses the value: not exact");
        e.clear_table();
        const alphabeta_solution top = e.solve_between(board, INT32_MAX, INT32_MAX);
        expect(!top.exact, "a one-value range at INT32_MAX that misses the value: not exact");
        e.clear_table();
        const alphabeta_solution exact_point = e.solve_between(board, kWin - 1, kWin - 1);
        expect(exact_point.exact && exact_point.value == kWin - 1, "a one-value range that holds the value: exact");
        alphabeta::Engine moved(std::move(e));
        for (int call = 0; call < 3; ++call) {
            try {
                if (call == 0) {
                    e.solve(board);
                } else if (call == 1) {
                    e.solve_between(board, -1, 1);
                } else {
                    e.solve_window(board, 0, 1);
                }
                expect(false, "a moved-from engine's solve throws");
            } catch (const alphabeta::Error &err) {
                expect(err.status() == ALPHABETA_ERROR_NULL_POINTER, "a moved-from engine's solve: NULL_POINTER");
            }
        }
    }

    // Null moves through the wrapper's pass members.
    {
        alphabeta_config config = solver_config();
        config.null_move = true;
        alphabeta::Engine engine(config, 1024);
        Board board = Board::parse(".........");
        const alphabeta::SearchResult r = engine.search(board, alphabeta_limits_depth(9));
        expect(r.result.null_moves > 0 && r.result.completed &&
                   static_cast<const Board &>(board) == Board::parse("........."),
               "null moves through make_null_move and unmake_null_move");
    }

    // stop() from another thread ends an endless search with completed == false.
    {
        alphabeta_config config = alphabeta_config_default();
        config.score_type = ALPHABETA_SCORE_DOUBLE;
        alphabeta::Engine engine(config, 1 << 12);
        Endless game;
        std::atomic<bool> started{false};
        alphabeta_limits limits = alphabeta_limits_depth(static_cast<std::uint32_t>(alphabeta_max_ply()));
        limits.on_iteration = [](void *flag, const alphabeta_info *) {
            static_cast<std::atomic<bool> *>(flag)->store(true);
        };
        limits.on_iteration_user_data = &started;
        std::thread stopper([&] {
            while (!started.load()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            engine.stop();
        });
        const auto begin = std::chrono::steady_clock::now();
        const alphabeta::SearchResult r = engine.search(game, limits);
        const auto seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        stopper.join();
        expect(!r.result.completed && r.result.depth >= 1 && r.result.has_best_move &&
                   game.keys.empty(),
               "stop() from another thread: completed false, the last iteration's move");
        // Under valgrind, which runs one thread at a time, the stopper may wait long for its
        // turn: the time is checked only in the plain and sanitizer runs.
        expect(!timing || seconds < 30.0, "stop() ends the search quickly");
    }

    std::cout << checks_passed << " passed, " << checks_failed << " failed\n";
    return checks_failed == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char **argv) {
    try {
        const std::vector<std::string> args(argv + 1, argv + argc);
        if (args.size() == 2 && args[0] == "--solve") {
            Board board;
            try {
                board = Board::parse(args[1]);
            } catch (const std::invalid_argument &e) {
                std::cerr << "error: \"" << args[1] << "\": " << e.what() << "\n";
                return 1;
            }
            alphabeta::Engine engine(solver_config(), 4096);
            const Solved solved = solve(engine, board);
            std::cout << "value " << solved.value << " best " << format_moves(solved.best) << "\n";
            return 0;
        }
        if (args.size() == 1 && args[0] == "--check-wrapper") {
            return check_wrapper(true);
        }
        if (args.size() == 2 && args[0] == "--check-wrapper" && args[1] == "--no-timing") {
            return check_wrapper(false);
        }
        if (args.size() == 1 && args[0].rfind("--", 0) != 0) {
            return solve_file(args[0].c_str());
        }
        if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
            std::cout << "usage: tictactoe_cpp FILE | --solve BOARD | --check-wrapper [--no-timing]\n\n"
                         "The C++ host of the C API (include/alphabeta.hpp): solves every position of\n"
                         "FILE (tests/data/tictactoe/positions.txt) and counts the mismatches, or\n"
                         "solves one BOARD (9 characters X, O or ., row by row; cells 0-8), or\n"
                         "checks the wrapper itself.\n";
            return 0;
        }
        std::cerr << "usage: tictactoe_cpp FILE | --solve BOARD | --check-wrapper [--no-timing]"
                     "   (--help)\n";
        return 1;
    } catch (const std::exception &e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
}
