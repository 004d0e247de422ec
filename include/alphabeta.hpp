// alphabeta.hpp: a small C++17 RAII wrapper over the C API (include/alphabeta.h).
//
//     alphabeta::Engine engine(config, 4096);          // alphabeta_engine_new; freed by ~Engine
//     alphabeta::SearchResult r = engine.search(game, alphabeta_limits_depth(9));
//
// * `alphabeta::Engine` owns one engine made by `alphabeta_engine_new` (a heap engine; std
//   builds of the library) and frees it in its destructor. It is move-only; a moved-from
//   engine holds nothing, and a search on it throws `alphabeta::Error` (NULL_POINTER).
// * Errors are exceptions: every failing status becomes `alphabeta::Error`, which carries the
//   status and its message. A search never returns `ALPHABETA_ERROR_PV_TRUNCATED`: the PV
//   buffer holds `alphabeta_max_ply()` moves.
// * The game is any object with these members (the callbacks of `alphabeta_game`):
//
//       int32_t  generate_moves(uint32_t *moves, int32_t capacity);  // returns the count
//       void     make_move(uint32_t move);
//       void     unmake_move(uint32_t move);
//       int32_t  evaluate(int32_t player, uint32_t ply, uint32_t depth_left);  // or a double
//       uint64_t zobrist_key();
//       int32_t  side_to_move();
//       bool     is_terminal();
//
//   and optionally `bool is_tactical(uint32_t)`, `int32_t generate_tactical_moves(uint32_t *,
//   int32_t)`, `uint32_t min_plies_to_win()`, `uint32_t min_plies_to_loss()`, and for null-move
//   pruning `void make_null_move()` with `void unmake_null_move()` (both) and
//   `bool null_move_allowed()`; the wrapper detects which ones exist. An `evaluate` returning a floating-point type fills
//   `evaluate_double` (for an engine configured with `ALPHABETA_SCORE_DOUBLE`).
// * No exception crosses the C library: every callback is a `noexcept` trampoline. When a
//   member throws, the trampoline keeps the exception, asks the engine to stop, and steers the
//   search to a quick end (no further move generation, every new node terminal); the call
//   then rethrows the exception. `make_move` and `unmake_move` are still forwarded, so a game
//   whose own make/unmake did not throw is back in its starting position. The engine's table
//   is cleared before the exception is rethrown (the positions searched after the failure got
//   stand-in values, which a later search must not read back as proven).
// * Thread-safety: one thread searches an engine at a time; `stop()` may be called from any
//   thread while it searches.
#ifndef ALPHABETA_HPP
#define ALPHABETA_HPP

#include <cstddef>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "alphabeta.h"

namespace alphabeta {

/// A failing status of the C API, with its message.
class Error : public std::runtime_error {
public:
    explicit Error(alphabeta_status status)
        : std::runtime_error(alphabeta_status_message(status)),
          status_(status) {}

    alphabeta_status status() const noexcept { return status_; }

private:
    alphabeta_status status_;
};

/// Throws `Error` for any status but `ALPHABETA_OK`.
inline void check(alphabeta_status status) {
    if (status != ALPHABETA_OK) {
        throw Error(status);
    }
}

/// The result of `Engine::search`: the C result and the principal variation.
struct SearchResult {
    alphabeta_result result{};
    std::vector<std::uint32_t> pv;
};

/// One root move of `Engine::analyze`: its move, score and bound, and its line.
struct RootMove {
    alphabeta_root_move move{};
    std::vector<std::uint32_t> pv;
};

/// The result of `Engine::analyze`: every root move, best first, and the summary.
struct Analysis {
    alphabeta_result result{};
    std::vector<RootMove> moves;
};

namespace detail {

template <class G, class = void>
struct has_is_tactical : std::false_type {};
template <class G>
struct has_is_tactical<G, std::void_t<decltype(std::declval<G &>().is_tactical(0u))>>
    : std::true_type {};

template <class G, class = void>
struct has_tactical_moves : std::false_type {};
template <class G>
struct has_tactical_moves<G, std::void_t<decltype(std::declval<G &>().generate_tactical_moves(
                                 static_cast<std::uint32_t *>(nullptr), 0))>> : std::true_type {};

template <class G, class = void>
struct has_min_plies_to_win : std::false_type {};
template <class G>
struct has_min_plies_to_win<G, std::void_t<decltype(std::declval<G &>().min_plies_to_win())>>
    : std::true_type {};

template <class G, class = void>
struct has_null_move : std::false_type {};
template <class G>
struct has_null_move<G, std::void_t<decltype(std::declval<G &>().make_null_move()),
                                    decltype(std::declval<G &>().unmake_null_move())>>
    : std::true_type {};

template <class G, class = void>
struct has_null_move_allowed : std::false_type {};
template <class G>
struct has_null_move_allowed<G, std::void_t<decltype(std::declval<G &>().null_move_allowed())>>
    : std::true_type {};

template <class G, class = void>
struct has_min_plies_to_loss : std::false_type {};
template <class G>
struct has_min_plies_to_loss<G, std::void_t<decltype(std::declval<G &>().min_plies_to_loss())>>
    : std::true_type {};

/// One search's view of the game: the game, the engine (to stop it), the pending exception.
template <class G>
struct Binding {
    G *game;
    alphabeta_engine *engine;
    std::exception_ptr error;

    /// Keeps the exception being handled and asks the search to stop.
    void fail() noexcept {
        if (!error) {
            error = std::current_exception();
        }
        alphabeta_engine_stop(engine);
    }

    /// Calls `f` unless an exception is pending; `fallback` when it is or when `f` throws.
    template <class R, class F>
    R call(R fallback, F &&f) noexcept {
        if (error) {
            return fallback;
        }
        try {
            return f(*game);
        } catch (...) {
            fail();
            return fallback;
        }
    }
};

/// The `noexcept` trampolines of the callback table.
template <class G>
struct Trampolines {
    static Binding<G> &b(void *user_data) noexcept { return *static_cast<Binding<G> *>(user_data); }

    static std::int32_t generate_moves(void *u, std::uint32_t *moves, std::int32_t capacity) noexcept {
        // A negative count ends a search at once (ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT).
        return b(u).call(std::int32_t{-1}, [&](G &g) { return g.generate_moves(moves, capacity); });
    }
    static std::int32_t generate_tactical_moves(void *u, std::uint32_t *moves,
                                                std::int32_t capacity) noexcept {
        return b(u).call(std::int32_t{-1},
                         [&](G &g) { return g.generate_tactical_moves(moves, capacity); });
    }
    static void make_move(void *u, std::uint32_t mv) noexcept {
        Binding<G> &x = b(u);
        try {
            x.game->make_move(mv);
        } catch (...) {
            x.fail();
        }
    }
    static void unmake_move(void *u, std::uint32_t mv) noexcept {
        Binding<G> &x = b(u);
        try {
            x.game->unmake_move(mv);
        } catch (...) {
            x.fail();
        }
    }
    static void make_null_move(void *u) noexcept {
        Binding<G> &x = b(u);
        try {
            x.game->make_null_move();
        } catch (...) {
            x.fail();
        }
    }
    static void unmake_null_move(void *u) noexcept {
        Binding<G> &x = b(u);
        try {
            x.game->unmake_null_move();
        } catch (...) {
            x.fail();
        }
    }
    static bool null_move_allowed(void *u) noexcept {
        return b(u).call(false, [](G &g) { return g.null_move_allowed(); });
    }
    static std::int32_t evaluate(void *u, std::int32_t player, std::uint32_t ply,
                                 std::uint32_t depth_left) noexcept {
        return b(u).call(std::int32_t{0}, [&](G &g) {
            return static_cast<std::int32_t>(g.evaluate(player, ply, depth_left));
        });
    }
    static double evaluate_double(void *u, std::int32_t player, std::uint32_t ply,
                                  std::uint32_t depth_left) noexcept {
        return b(u).call(0.0, [&](G &g) { return static_cast<double>(g.evaluate(player, ply, depth_left)); });
    }
    static std::uint64_t zobrist_key(void *u) noexcept {
        return b(u).call(std::uint64_t{0}, [](G &g) { return g.zobrist_key(); });
    }
    static std::int32_t side_to_move(void *u) noexcept {
        return b(u).call(std::int32_t{0}, [](G &g) { return g.side_to_move(); });
    }
    static bool is_terminal(void *u) noexcept {
        // After an exception every node is terminal: the search unwinds without generating.
        return b(u).call(true, [](G &g) { return g.is_terminal(); });
    }
    static bool is_tactical(void *u, std::uint32_t mv) noexcept {
        return b(u).call(false, [&](G &g) { return g.is_tactical(mv); });
    }
    static std::uint32_t min_plies_to_win(void *u) noexcept {
        return b(u).call(std::uint32_t{1}, [](G &g) { return g.min_plies_to_win(); });
    }
    static std::uint32_t min_plies_to_loss(void *u) noexcept {
        return b(u).call(std::uint32_t{1}, [](G &g) { return g.min_plies_to_loss(); });
    }

    static alphabeta_game table(Binding<G> *binding) noexcept {
        alphabeta_game t{};
        t.user_data = binding;
        t.generate_moves = &generate_moves;
        t.make_move = &make_move;
        t.unmake_move = &unmake_move;
        using Eval = decltype(std::declval<G &>().evaluate(0, 0u, 0u));
        if constexpr (std::is_floating_point_v<Eval>) {
            t.evaluate_double = &evaluate_double;
        } else {
            t.evaluate = &evaluate;
        }
        t.zobrist_key = &zobrist_key;
        t.side_to_move = &side_to_move;
        t.is_terminal = &is_terminal;
        if constexpr (has_is_tactical<G>::value) {
            t.is_tactical = &is_tactical;
        }
        if constexpr (has_tactical_moves<G>::value) {
            t.generate_tactical_moves = &generate_tactical_moves;
        }
        if constexpr (has_min_plies_to_win<G>::value) {
            t.min_plies_to_win = &min_plies_to_win;
        }
        if constexpr (has_min_plies_to_loss<G>::value) {
            t.min_plies_to_loss = &min_plies_to_loss;
        }
        if constexpr (has_null_move<G>::value) {
            t.make_null_move = &make_null_move;
            t.unmake_null_move = &unmake_null_move;
        }
        if constexpr (has_null_move_allowed<G>::value) {
            t.null_move_allowed = &null_move_allowed;
        }
        return t;
    }
};

}  // namespace detail

/// An engine on the heap, owned: `alphabeta_engine_new` in the constructor,
/// `alphabeta_engine_free` in the destructor. Move-only.
class Engine {
public:
    /// An engine with `config` and a table of `table_slots` slots (0: none). Throws `Error`.
    explicit Engine(const alphabeta_config &config = alphabeta_config_default(),
                    std::size_t table_slots = 0) {
        check(alphabeta_engine_new(&config, table_slots, &engine_));
    }

    ~Engine() { alphabeta_engine_free(engine_); }

    Engine(const Engine &) = delete;
    Engine &operator=(const Engine &) = delete;

    Engine(Engine &&other) noexcept : engine_(std::exchange(other.engine_, nullptr)) {}

    Engine &operator=(Engine &&other) noexcept {
        if (this != &other) {
            alphabeta_engine_free(engine_);
            engine_ = std::exchange(other.engine_, nullptr);
        }
        return *this;
    }

    /// Iterative deepening within `limits`. Throws `Error`, or what a game member threw.
    template <class G>
    SearchResult search(G &game, const alphabeta_limits &limits) {
        SearchResult out;
        out.pv.resize(alphabeta_max_ply());
        run(game, [&](const alphabeta_game *table) {
            return alphabeta_search(engine_, table, &limits, &out.result, out.pv.data(),
                                    out.pv.size());
        });
        out.pv.resize(out.result.pv_length);
        return out;
    }

    /// One fixed-depth search with the window (alpha, beta) on an int32 engine.
    template <class G>
    alphabeta_window_result search_window(G &game, std::uint32_t depth, std::int32_t alpha,
                                          std::int32_t beta) {
        alphabeta_window_result out{};
        run(game, [&](const alphabeta_game *table) {
            return alphabeta_search_window(engine_, table, depth, alpha, beta, &out);
        });
        return out;
    }

    /// MTD(f) at a fixed depth from the first guess `guess` (an int32 engine).
    template <class G>
    alphabeta_window_result mtdf(G &game, std::uint32_t depth, std::int32_t guess) {
        alphabeta_window_result out{};
        run(game, [&](const alphabeta_game *table) {
            return alphabeta_mtdf(engine_, table, depth, guess, &out);
        });
        return out;
    }

    /// Solves the position exactly (`alphabeta_solve`): its value and a move that achieves
    /// it, every line searched to the end of the game. `limits` may be null (no clock, no node
    /// cap); its depths are not read. Use an engine with a table. Throws `Error`, or what a
    /// game member threw.
    template <class G>
    alphabeta_solution solve(G &game, const alphabeta_limits *limits = nullptr) {
        alphabeta_solution out{};
        run(game, [&](const alphabeta_game *table) {
            return alphabeta_solve(engine_, table, limits, &out);
        });
        return out;
    }

    /// `solve` for a value known to lie in `low..=high` on an int32 engine
    /// (`alphabeta_solve_between`): fewer tests.
    template <class G>
    alphabeta_solution solve_between(G &game, std::int32_t low, std::int32_t high,
                                     const alphabeta_limits *limits = nullptr) {
        alphabeta_solution out{};
        run(game, [&](const alphabeta_game *table) {
            return alphabeta_solve_between(engine_, table, low, high, limits, &out);
        });
        return out;
    }

    /// One test of the exact solver with the window (alpha, beta) on an int32 engine
    /// (`alphabeta_solve_window`): the fail-soft value, no depth.
    template <class G>
    alphabeta_window_result solve_window(G &game, std::int32_t alpha, std::int32_t beta) {
        alphabeta_window_result out{};
        run(game, [&](const alphabeta_game *table) {
            return alphabeta_solve_window(engine_, table, alpha, beta, &out);
        });
        return out;
    }

    /// Every root move's score, best first; the best `lines` exact with their lines (all of
    /// them with `SIZE_MAX`). Throws `Error`, or what a game member threw.
    template <class G>
    Analysis analyze(G &game, const alphabeta_limits &limits, std::size_t lines) {
        const std::size_t capacity = alphabeta_max_moves(), stride = alphabeta_max_ply();
        std::vector<alphabeta_root_move> moves(capacity);
        std::vector<std::uint32_t> lines_buffer(capacity * stride);
        std::size_t count = 0;
        Analysis out;
        run(game, [&](const alphabeta_game *table) {
            return alphabeta_analyze(engine_, table, &limits, lines, moves.data(), capacity,
                                     &count, lines_buffer.data(), stride, &out.result);
        });
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint32_t *line = lines_buffer.data() + i * stride;
            out.moves.push_back({moves[i], std::vector<std::uint32_t>(line, line + moves[i].pv_length)});
        }
        return out;
    }

    /// Empties the transposition table.
    void clear_table() { check(alphabeta_engine_clear_table(engine_)); }

    /// Forgets killer moves and history scores.
    void clear_history() { check(alphabeta_engine_clear_history(engine_)); }

    /// Asks a running search to stop (any thread). A no-op on a moved-from engine.
    void stop() const noexcept {
        if (engine_ != nullptr) {
            alphabeta_engine_stop(engine_);
        }
    }

    /// The C engine, for calls the wrapper does not cover (still owned by this object).
    alphabeta_engine *get() const noexcept { return engine_; }

    /// Whether this object holds an engine (false once moved from).
    explicit operator bool() const noexcept { return engine_ != nullptr; }

private:
    /// Calls `call` with the C view of `game`, then rethrows what a game member threw (after
    /// clearing the table: the nodes searched after the failure got stand-in values, which the
    /// table must not keep), or throws `Error` for a failed status.
    template <class G, class F>
    void run(G &game, F &&call) {
        detail::Binding<G> binding{&game, engine_, nullptr};
        const alphabeta_game table = detail::Trampolines<G>::table(&binding);
        const alphabeta_status status = call(&table);
        if (binding.error) {
            alphabeta_engine_clear_table(engine_);
            std::rethrow_exception(binding.error);
        }
        check(status);
    }

    alphabeta_engine *engine_ = nullptr;
};

}  // namespace alphabeta

#endif  // ALPHABETA_HPP
