/*
 * The C firmware demo: the searches of the Rust firmware demo (src/demo.rs), through the C
 * API of the no_std static library (include/alphabeta.h), on a Cortex-M board under QEMU.
 *
 *   1. tic-tac-toe solved from the empty board (Config::value_preserving(), depth 9);
 *   2. tic-tac-toe again with the defaults, polling every 32 nodes, under a 40 ms limit on the
 *      SysTick clock (min depth 2);
 *   3. the first 8 positions of Pons' Test_L3_R1 solved by his null-window driver over
 *      alphabeta_search_window (the Rust SOLVER_CONFIG and SOLVER_ORDERING);
 *   4. Connect Four "32164625" by iterative deepening with the solver's configuration under a
 *      200 ms limit (min depth 2).
 *
 * One engine and one 256-slot transposition table, both static (alphabeta_engine_init: no
 * heap); the engine is initialised again for each configuration, as the Rust demo sets a new
 * configuration and clears the table and the history. Every result (value, best move, nodes,
 * depth, exactness; for the timed searches every completed iteration) is compared with the
 * host's, which examples-embedded/build.rs computes and gen-expected.sh turns into
 * expected.h. The exit status is 0 only when all agree.
 */
#include "alphabeta.h"
#include "firmware.h"
#include "games.h"

/* ---------------------------------------------------------------------------------------
 * The host's results (expected.h, generated) */

/* What one search found: the fields compared with the host (src/demo.rs `Outcome`). */
typedef struct {
    const char *name;
    int32_t value; /* the root score; Pons' score for a Connect Four solve */
    bool has_best; /* false for a solve, which only reports the score */
    uint32_t best;
    uint64_t nodes;
    uint32_t depth; /* the last completed iteration; the null-window searches of a solve */
    bool exact;
} outcome;

/* One completed iteration of a timed search (src/demo.rs `Iteration`). */
typedef struct {
    const char *name;
    uint32_t depth;
    int32_t value;
    bool has_best;
    uint32_t best;
    uint64_t nodes; /* of the whole search, up to the end of this iteration */
} iteration;

typedef struct {
    const char *moves;
    int32_t score; /* Pons' score, from Test_L3_R1 */
} connect4_position;

#include "expected.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static bool same_name(const char *a, const char *b) {
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

static bool same_outcome(const outcome *a, const outcome *b) {
    return a->value == b->value && a->has_best == b->has_best &&
           (!a->has_best || a->best == b->best) && a->nodes == b->nodes &&
           a->depth == b->depth && a->exact == b->exact;
}

static const outcome *find_outcome(const outcome *table, size_t count, const char *name) {
    for (size_t i = 0; i < count; i++) {
        if (same_name(table[i].name, name)) {
            return &table[i];
        }
    }
    return NULL;
}

static const iteration *find_iteration(const char *name, uint32_t depth) {
    for (size_t i = 0; i < COUNT(EXPECTED_ITERATIONS); i++) {
        if (same_name(EXPECTED_ITERATIONS[i].name, name) && EXPECTED_ITERATIONS[i].depth == depth) {
            return &EXPECTED_ITERATIONS[i];
        }
    }
    return NULL;
}

/* ---------------------------------------------------------------------------------------
 * The engine and its table, static */

/* Room for the engine of the `small` library (the Makefile defines ALPHABETA_SMALL, so the
 * header's capacities are 64 moves and 32 plies), sized and aligned by the header
 * (ALPHABETA_ENGINE_STORAGE_SIZE bytes, 7,328; 7,048 B are needed today). Checked again at
 * start-up against the library: its capacities, alphabeta_engine_size() and _align(). */
static alphabeta_engine_storage engine_memory;
/* TABLE_SLOTS slots of 16 bytes (int32 scores), 16-byte aligned. */
static _Alignas(16) unsigned char table_memory[TABLE_SLOTS * 16];

static uintptr_t init_stack; /* the deepest stack use of alphabeta_engine_init */
static uintptr_t lowest_of_inits;

/* A fresh engine with `config` over the static memory and the zeroed table: the Rust demo's
 * `table.clear(); engine.clear_history(); engine.set_config(config)` (the C API has no call
 * to change an engine's configuration: initialising the memory again is the way). */
__attribute__((noinline)) static alphabeta_engine *engine_with(const alphabeta_config *config) {
    alphabeta_engine *engine = NULL;
    /* The stack the initialisation takes (a search's `before` repaints it away). */
    uintptr_t sp = fw_paint_stack();
    alphabeta_status status = alphabeta_engine_init(&engine_memory, sizeof engine_memory, config,
                                                    table_memory, sizeof table_memory, &engine);
    uintptr_t lowest = fw_lowest_touched();
    if (sp > lowest && sp - lowest > init_stack) {
        init_stack = sp - lowest;
    }
    if (lowest_of_inits == 0 || lowest < lowest_of_inits) {
        lowest_of_inits = lowest;
    }
    if (status != ALPHABETA_OK) {
        fw_str("alphabeta_engine_init: ");
        fw_str(alphabeta_status_message(status));
        fw_nl();
        fw_exit(EXIT_SETUP);
    }
    return engine;
}

/* ---------------------------------------------------------------------------------------
 * The checker: the Rust demo's `Checker`, in C */

static struct {
    uint32_t passed, failed;
    uintptr_t sp_before;
    uint64_t ticks_before;
    uintptr_t max_search_stack; /* the deepest stack use of one search, from its caller */
    uintptr_t lowest;           /* the lowest stack address written so far */
} checker;

static void check(bool ok) {
    if (ok) {
        checker.passed++;
        fw_str("  ok");
    } else {
        checker.failed++;
        fw_str("  MISMATCH");
    }
}

/* Right before a search: repaint the stack under the caller, start counting time. */
__attribute__((noinline)) static void before(void) {
    checker.sp_before = fw_paint_stack();
    checker.ticks_before = fw_ticks();
}

static void print_outcome(const char *name, const outcome *o) {
    fw_field(name, 16);
    fw_str(" value ");
    fw_i64(o->value);
    fw_str(" best ");
    if (o->has_best) {
        fw_u64(o->best);
    } else {
        fw_str("-");
    }
    fw_str(" nodes ");
    fw_u64(o->nodes);
    fw_str(" depth ");
    fw_u64(o->depth);
    fw_str(o->exact ? " exact" : " bound");
}

static void print_costs(const outcome *o) {
    uint64_t ticks = fw_ticks() - checker.ticks_before;
    uintptr_t lowest = fw_lowest_touched();
    if (lowest < checker.lowest) {
        checker.lowest = lowest;
    }
    uintptr_t stack = checker.sp_before > lowest ? checker.sp_before - lowest : 0;
    if (stack > checker.max_search_stack) {
        checker.max_search_stack = stack;
    }
    uint64_t instructions = fw_instructions(ticks);
    fw_str(" | stack ");
    fw_u64(stack);
    fw_str(" B, instructions ");
    fw_u64(instructions);
    if (o->nodes > 0) {
        fw_str(" (");
        fw_u64(instructions / o->nodes);
        fw_str("/node)");
    }
}

static void print_error(const char *name, alphabeta_status status) {
    fw_field(name, 16);
    fw_str(" search error ");
    fw_u64((uint64_t)status);
    fw_str(" (");
    fw_str(alphabeta_status_message(status));
    fw_str(")");
    check(false);
    fw_nl();
}

/* A search whose result does not depend on time: it must equal the host's. `extra_ok` adds a
 * check of this search (Pons' score from the file for a solve). */
static void exact_result(const char *name, const outcome *o, bool extra_ok) {
    const outcome *host = find_outcome(EXPECTED_EXACT, COUNT(EXPECTED_EXACT), name);
    print_outcome(name, o);
    print_costs(o);
    check(host != NULL && same_outcome(host, o) && extra_ok);
    fw_nl();
    if (host != NULL && !same_outcome(host, o)) {
        fw_str("  host: ");
        print_outcome(name, host);
        fw_nl();
    }
}

/* The progress callback of a timed search: each completed iteration does not depend on time
 * and must equal the host's. `user_data` is the search's name. */
static void on_iteration(void *user_data, const alphabeta_info *info) {
    const char *name = (const char *)user_data;
    bool has_best = info->pv_length > 0;
    uint32_t best = has_best ? info->pv[0] : 0;
    const iteration *host = find_iteration(name, info->depth);
    if (host == NULL || host->value != info->score || host->has_best != has_best ||
        (has_best && host->best != best) || host->nodes != info->nodes) {
        fw_str("  iteration ");
        fw_u64(info->depth);
        fw_str(" of ");
        fw_str(name);
        fw_str(": value ");
        fw_i64(info->score);
        fw_str(" best ");
        if (has_best) {
            fw_u64(best);
        } else {
            fw_str("-");
        }
        fw_str(" nodes ");
        fw_u64(info->nodes);
        check(false);
        fw_nl();
    }
}

/* The end of a timed search. Completed: everything equals the host's search to the maximum
 * depth. Interrupted: the result is the last completed iteration, which the host computed too;
 * the nodes include the interrupted iteration's (at most the host's whole search); the clock
 * read past the limit. */
static void timed_result(const char *name, uint64_t limit_micros, alphabeta_status status,
                         const alphabeta_result *r) {
    if (status != ALPHABETA_OK) {
        print_error(name, status);
        return;
    }
    outcome o = {name, r->score, r->has_best_move, r->best_move, r->nodes, r->depth, r->exact};
    print_outcome(name, &o);
    fw_str(r->completed ? " completed" : " stopped");
    fw_str(" after ");
    fw_u64(r->has_elapsed ? r->elapsed_micros : 0);
    fw_str(" us");
    print_costs(&o);
    const outcome *host = find_outcome(EXPECTED_TIMED, COUNT(EXPECTED_TIMED), name);
    const iteration *row = find_iteration(name, o.depth);
    bool ok;
    if (host == NULL || !r->has_elapsed) {
        ok = false;
    } else if (r->completed) {
        ok = same_outcome(host, &o);
    } else {
        ok = row != NULL && row->value == o.value && row->has_best == o.has_best &&
             (!o.has_best || row->best == o.best) && row->nodes <= o.nodes &&
             o.nodes <= host->nodes && !o.exact && r->elapsed_micros >= limit_micros;
    }
    check(ok);
    fw_nl();
}

/* ---------------------------------------------------------------------------------------
 * The searches (src/demo.rs `tictactoe` and `connect4`) */

/* Config::value_preserving(): the defaults without LMR and quiescence. */
static alphabeta_config value_preserving(void) {
    alphabeta_config config = alphabeta_config_default();
    config.lmr = false;
    config.quiescence = false;
    return config;
}

__attribute__((noinline)) static void tictactoe(void) {
    alphabeta_result r;
    alphabeta_status status;

    /* The solve. */
    alphabeta_config config = value_preserving();
    alphabeta_engine *engine = engine_with(&config);
    alphabeta_limits limits = alphabeta_limits_depth(9);
    tictactoe_reset();
    before();
    status = alphabeta_search(engine, &TICTACTOE_GAME, &limits, &r, NULL, 0);
    if (status != ALPHABETA_OK) {
        print_error(TICTACTOE_SOLVE, status);
    } else {
        outcome o = {TICTACTOE_SOLVE, r.score, r.has_best_move, r.best_move, r.nodes, r.depth,
                     r.exact};
        exact_result(TICTACTOE_SOLVE, &o, true);
    }

    /* The timed search: the defaults (LMR on), the clock polled every 32 nodes (the whole
     * search is a few thousand nodes). */
    config = alphabeta_config_default();
    config.poll_interval_nodes = 32;
    engine = engine_with(&config);
    limits = alphabeta_limits_depth(9);
    limits.min_depth = 2;
    limits.time_limit_micros = TICTACTOE_TIME_LIMIT_MICROS;
    limits.clock = fw_clock_micros;
    limits.on_iteration = on_iteration;
    limits.on_iteration_user_data = (void *)TICTACTOE_TIMED;
    tictactoe_reset();
    before();
    status = alphabeta_search(engine, &TICTACTOE_GAME, &limits, &r, NULL, 0);
    timed_result(TICTACTOE_TIMED, TICTACTOE_TIME_LIMIT_MICROS, status, &r);
}

__attribute__((noinline)) static void connect4(void) {
    /* SOLVER_CONFIG (Config::value_preserving()) and SOLVER_ORDERING (of the default sorter
     * only the table move: the game's threat order is better than killers and history). */
    alphabeta_config config = value_preserving();
    config.order_pv_move = false;
    config.order_tt_move = true;
    config.order_tactical = false;
    config.order_killers = false;
    config.order_history = false;
    alphabeta_engine *engine = engine_with(&config);

    for (size_t i = 0; i < CONNECT4_POSITION_COUNT; i++) {
        const char *name = CONNECT4_SOLVES[i];
        connect4_solution s;
        alphabeta_engine_clear_table(engine);
        before();
        alphabeta_status status = connect4_solve(engine, CONNECT4_POSITIONS[i].moves, &s);
        if (status != ALPHABETA_OK) {
            print_error(name, status);
            continue;
        }
        outcome o = {name, s.score, false, 0, s.nodes, s.searches, true};
        /* Also Pons' own score for the position. */
        exact_result(name, &o, s.score == CONNECT4_POSITIONS[i].score);
    }

    /* The timed search: iterative deepening to the end of the game, far more than the limit
     * allows. The Rust demo's maximum depth is the empty cells (34); this library holds
     * alphabeta_max_ply() plies (32 in the `small` build), so the maximum is the smaller: the
     * iterations up to the limit, and the host's (which end with a proven result at depth 13),
     * are the same. */
    alphabeta_engine_clear_table(engine);
    alphabeta_engine_clear_history(engine);
    uint32_t stones;
    if (!connect4_reset(CONNECT4_TIMED_POSITION, &stones)) {
        print_error(CONNECT4_TIMED, ALPHABETA_ERROR_INVALID_WINDOW);
        return;
    }
    uint32_t depth = CONNECT4_CELLS - stones;
    if (depth > alphabeta_max_ply()) {
        depth = (uint32_t)alphabeta_max_ply();
    }
    alphabeta_limits limits = alphabeta_limits_depth(depth);
    limits.min_depth = 2;
    limits.time_limit_micros = CONNECT4_TIME_LIMIT_MICROS;
    limits.clock = fw_clock_micros;
    limits.on_iteration = on_iteration;
    limits.on_iteration_user_data = (void *)CONNECT4_TIMED;
    alphabeta_result r;
    before();
    alphabeta_status status = alphabeta_search(engine, &CONNECT4_GAME, &limits, &r, NULL, 0);
    timed_result(CONNECT4_TIMED, CONNECT4_TIME_LIMIT_MICROS, status, &r);
}

int main(void) {
    /* What start-up used (the reset handler painted the whole stack). */
    checker.lowest = fw_lowest_touched();
    fw_clock_start();

    fw_str("alphabeta C demo (library ");
    fw_str(alphabeta_version());
    fw_str(", ");
    fw_u64(alphabeta_max_moves());
    fw_str(" moves, ");
    fw_u64(alphabeta_max_ply());
    fw_str(" plies) on " BOARD_NAME ": engine ");
    fw_u64(alphabeta_engine_size());
    fw_str(" B, table ");
    fw_u64(TABLE_SLOTS);
    fw_str(" slots (");
    fw_u64(sizeof table_memory);
    fw_str(" B), stack region ");
    fw_u64(fw_stack_top() - fw_stack_bottom());
    fw_str(" B");
    fw_nl();
    if (!ALPHABETA_CAPACITIES_MATCH()) {
        fw_str("the header's capacities (ALPHABETA_MAX_MOVES, ALPHABETA_MAX_PLY) are not the library's");
        fw_nl();
        return EXIT_SETUP;
    }
    if (alphabeta_engine_size() > sizeof engine_memory ||
        (uintptr_t)&engine_memory % alphabeta_engine_align() != 0 ||
        alphabeta_table_slot_size(ALPHABETA_SCORE_INT32) != 16) {
        fw_str("the static engine memory is too small or misaligned for this library: it needs ");
        fw_u64(alphabeta_engine_size());
        fw_str(" B aligned to ");
        fw_u64(alphabeta_engine_align());
        fw_nl();
        return EXIT_SETUP;
    }

    tictactoe();
    connect4();

    /* The lowest word written at start-up, by an engine initialisation, by any search, or
     * since the last one. */
    uintptr_t top = fw_stack_top(), bottom = fw_stack_bottom();
    uintptr_t lowest = fw_lowest_touched();
    if (checker.lowest < lowest) {
        lowest = checker.lowest;
    }
    if (lowest_of_inits != 0 && lowest_of_inits < lowest) {
        lowest = lowest_of_inits;
    }
    fw_str("stack high-water mark: ");
    fw_u64(top - lowest);
    fw_str(" B of ");
    fw_u64(top - bottom);
    fw_str(" B (deepest search ");
    fw_u64(checker.max_search_stack);
    fw_str(" B from its caller, engine initialisation ");
    fw_u64(init_stack);
    fw_str(" B)");
    fw_nl();
    uint32_t code = EXIT_OK;
    if (lowest <= bottom) {
        fw_str("STACK OVERFLOW: the stack reached the static data");
        fw_nl();
        code = EXIT_STACK_OVERFLOW;
    } else if (checker.failed > 0) {
        code = EXIT_MISMATCH;
    }
    fw_str("checks: ");
    fw_u64(checker.passed);
    fw_str(" passed, ");
    fw_u64(checker.failed);
    fw_str(" failed");
    fw_nl();
    return (int)code;
}
