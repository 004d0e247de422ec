/*
 * Every misuse of the C API gets its status, never a crash: NULL pointers (each argument of
 * each function), NULL required callbacks (each one, and the evaluate callback of the wrong
 * score type), a PV buffer too small, a move count above the capacity or negative, bad depths
 * and windows, a search started inside a callback of the engine that is searching, bad
 * configuration constants, unusable engine and table memory (also a table overlapping the
 * engine, and alphabeta_engine_init over an engine a call runs on), the pass callbacks of
 * null-move pruning in pairs, MTD(f)'s guesses and score types, the buffers of an analysis;
 * and the services around them (aspiration windows and MTD(f) equal to the full window, an
 * analysis equal to window searches of the children, strength levels, node limits):
 * status messages, the version, the stop call from another thread, time limits, and the game
 * back in its starting position after every error. The Monte Carlo engine too: its memory and
 * arena, its configuration, limits without an end, buffers too small, an arena too small for
 * the root, the alpha-beta calls on it and its calls on an alpha-beta engine, re-entrance,
 * and a heap engine on two threads of each scheme.
 *
 *     target/examples-c/misuse     # prints failures, then "N passed, M failed"
 *
 * One test makes an engine with a thread pool (`threads = 2`), searches with it and frees it:
 * `alphabeta_engine_free` waits until the pool's threads have ended, so that valgrind finds no
 * thread still running at exit (its thread-local block would be "possibly lost"). The only
 * memory left is crossbeam-epoch's process-wide collector, suppressed (and explained) in
 * `valgrind.supp`.
 *
 * Runs plain, under AddressSanitizer + UndefinedBehaviorSanitizer and under valgrind
 * (`make -C examples-c sanitize valgrind`). Exits 1 on any failure. C99 + POSIX threads.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alphabeta.h"

/* ---------------------------------------------------------------------------------------
 * Checks */

static int passed, failed;

static void check(bool ok, const char *what, int line) {
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL (line %d): %s\n", line, what);
    }
}

#define CHECK(cond) check((cond), #cond, __LINE__)

static void check_status(alphabeta_status got, alphabeta_status want, const char *what, int line) {
    if (got == want) {
        passed++;
    } else {
        failed++;
        printf("FAIL (line %d): %s: got %d (%s), want %d (%s)\n", line, what, (int)got,
               alphabeta_status_message(got), (int)want,
               alphabeta_status_message(want));
    }
}

#define CHECK_STATUS(expr, want) check_status((expr), (want), #expr, __LINE__)

/* ---------------------------------------------------------------------------------------
 * A synthetic game: every node has `branching` moves 0..branching-1, the game ends at
 * `end_ply` (never when negative), sides alternate, and the evaluation is a hash of the path.
 * It can misbehave on purpose at a chosen ply, and counts what the engine asks of it. */

#define STACK 512

enum misbehaviour {
    BEHAVE,
    TOO_MANY_MOVES,    /* generate_moves returns capacity + 1 */
    NEGATIVE_COUNT,    /* generate_moves returns `bad_count` (negative) */
    TACTICAL_TOO_MANY, /* generate_tactical_moves returns capacity + 1 */
    TACTICAL_NEGATIVE, /* generate_tactical_moves returns -1 */
    NAN_SCORE,         /* evaluate_double returns NaN */
    REENTER,           /* evaluate starts searches on `engine` (once) */
    FREE_ENGINE,       /* evaluate frees `engine` (once), then calls it */
    INIT_OVER_ENGINE   /* evaluate builds engines over `engine`'s memory (once; frees it
                          first when `free_first`) */
};

typedef struct {
    int branching;
    int end_ply;
    int ply;
    uint64_t keys[STACK];
    enum misbehaviour misbehave;
    int at_ply;        /* where it misbehaves */
    int32_t bad_count; /* for NEGATIVE_COUNT */
    /* what the engine asked */
    long makes, unmakes, calls;
    /* null moves: passes made and not yet taken back, and what was asked */
    int passes;
    long null_makes, null_unmakes, null_refused;
    bool null_forbidden;
    int32_t capacity_seen;
    int32_t tactical_capacity_seen;
    /* REENTER */
    alphabeta_engine *engine;     /* the engine that is searching this game */
    alphabeta_engine *other;      /* another engine, free to search */
    bool reentered;
    alphabeta_status reentry[6];
    /* INIT_OVER_ENGINE */
    bool free_first;
    unsigned char *spare; /* engine memory (aligned, alphabeta_engine_size() bytes) */
} test_game;

static void game_init(test_game *g, int branching, int end_ply) {
    memset(g, 0, sizeof *g);
    g->branching = branching;
    g->end_ply = end_ply;
    g->keys[0] = UINT64_C(0x243f6a8885a308d3);
}

static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    x *= UINT64_C(0xc4ceb9fe1a85ec53);
    return x ^ (x >> 33);
}

static int32_t t_generate(void *u, uint32_t *moves, int32_t capacity) {
    test_game *g = (test_game *)u;
    int32_t i;
    g->calls++;
    g->capacity_seen = capacity;
    if (g->ply == g->at_ply) {
        if (g->misbehave == TOO_MANY_MOVES) {
            return capacity + 1;
        }
        if (g->misbehave == NEGATIVE_COUNT) {
            return g->bad_count;
        }
    }
    for (i = 0; i < g->branching && i < capacity; i++) {
        moves[i] = (uint32_t)i;
    }
    return g->branching;
}

static int32_t t_generate_tactical(void *u, uint32_t *moves, int32_t capacity) {
    test_game *g = (test_game *)u;
    g->calls++;
    g->tactical_capacity_seen = capacity;
    if (g->misbehave == TACTICAL_TOO_MANY) {
        return capacity + 1;
    }
    if (g->misbehave == TACTICAL_NEGATIVE) {
        return -1;
    }
    if (capacity > 0 && g->ply < 6) {
        moves[0] = 0; /* one tactical move */
        return 1;
    }
    return 0;
}

static void t_make(void *u, uint32_t mv) {
    test_game *g = (test_game *)u;
    g->calls++;
    g->makes++;
    if (g->ply + 1 < STACK) {
        g->keys[g->ply + 1] = mix(g->keys[g->ply] ^ (mv + 1));
    }
    g->ply++;
}

static void t_unmake(void *u, uint32_t mv) {
    test_game *g = (test_game *)u;
    (void)mv;
    g->calls++;
    g->unmakes++;
    g->ply--;
}

static int32_t t_value_for(const test_game *g, int32_t player) {
    int32_t v = (int32_t)(g->keys[g->ply < STACK ? g->ply : STACK - 1] % 2001) - 1000;
    return player == (g->ply + g->passes) % 2 ? v : -v;
}

static void reenter(test_game *g);
static void free_from_callback(test_game *g);
static void init_from_callback(test_game *g);

static int32_t t_evaluate(void *u, int32_t player, uint32_t ply, uint32_t depth_left) {
    test_game *g = (test_game *)u;
    (void)ply;
    (void)depth_left;
    g->calls++;
    if (g->misbehave == REENTER && !g->reentered) {
        reenter(g);
    }
    if (g->misbehave == FREE_ENGINE && !g->reentered) {
        free_from_callback(g);
    }
    if (g->misbehave == INIT_OVER_ENGINE && !g->reentered) {
        init_from_callback(g);
    }
    return t_value_for(g, player);
}

static double t_evaluate_double(void *u, int32_t player, uint32_t ply, uint32_t depth_left) {
    test_game *g = (test_game *)u;
    (void)ply;
    (void)depth_left;
    g->calls++;
    if (g->misbehave == NAN_SCORE && g->ply == g->at_ply) {
        return nan("");
    }
    return t_value_for(g, player) / 8.0;
}

static uint64_t t_key(void *u) {
    test_game *g = (test_game *)u;
    g->calls++;
    return g->keys[g->ply < STACK ? g->ply : STACK - 1] ^ (uint64_t)((g->ply + g->passes) % 2) ^
           ((uint64_t)g->passes << 40);
}

static int32_t t_side(void *u) {
    test_game *g = (test_game *)u;
    g->calls++;
    return (g->ply + g->passes) % 2;
}

/* A pass: the other side to move, the same position. */
static void t_make_null(void *u) {
    test_game *g = (test_game *)u;
    g->calls++;
    g->null_makes++;
    if (g->null_forbidden) {
        g->null_refused++; /* a pass where null_move_allowed said no */
    }
    g->passes++;
}

static void t_unmake_null(void *u) {
    test_game *g = (test_game *)u;
    g->calls++;
    g->null_unmakes++;
    g->passes--;
}

static bool t_null_allowed(void *u) {
    test_game *g = (test_game *)u;
    g->calls++;
    return !g->null_forbidden;
}

static bool t_terminal(void *u) {
    test_game *g = (test_game *)u;
    g->calls++;
    return g->end_ply >= 0 && g->ply >= g->end_ply;
}

static alphabeta_game callbacks(test_game *g) {
    alphabeta_game t;
    memset(&t, 0, sizeof t);
    t.user_data = g;
    t.generate_moves = t_generate;
    t.make_move = t_make;
    t.unmake_move = t_unmake;
    t.evaluate = t_evaluate;
    t.evaluate_double = t_evaluate_double;
    t.zobrist_key = t_key;
    t.side_to_move = t_side;
    t.is_terminal = t_terminal;
    return t;
}

/* The game is where it started and every move made was taken back. */
static bool restored(const test_game *g) {
    return g->ply == 0 && g->makes == g->unmakes && g->passes == 0 &&
           g->null_makes == g->null_unmakes;
}

/* ---------------------------------------------------------------------------------------
 * Engines */

static void *aligned(size_t align, size_t size) {
    void *p = NULL;
    if (align < sizeof(void *)) {
        align = sizeof(void *);
    }
    if (posix_memalign(&p, align, size) != 0) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    memset(p, 0, size);
    return p;
}

static alphabeta_engine *new_engine(uint32_t score_type, size_t slots) {
    alphabeta_config config = alphabeta_config_default();
    alphabeta_engine *engine = NULL;
    config.score_type = score_type;
    if (alphabeta_engine_new(&config, slots, &engine) != ALPHABETA_OK || engine == NULL) {
        fprintf(stderr, "alphabeta_engine_new failed\n");
        exit(2);
    }
    return engine;
}

static alphabeta_status search(alphabeta_engine *engine, test_game *g, uint32_t max_depth,
                               alphabeta_result *result) {
    alphabeta_game t = callbacks(g);
    alphabeta_limits limits = alphabeta_limits_depth(max_depth);
    uint32_t pv[128];
    return alphabeta_search(engine, &t, &limits, result, pv, 128);
}

/* ---------------------------------------------------------------------------------------
 * The tests */

static void test_version_and_messages(void) {
    char text[64];
    int32_t s, t;
    const int32_t unknown[] = {-1, -2, 1000, INT32_MIN, INT32_MAX};
    size_t i;

    CHECK(strcmp(alphabeta_version(), ALPHABETA_VERSION_STRING) == 0);
    sprintf(text, "%d.%d.%d", ALPHABETA_VERSION_MAJOR, ALPHABETA_VERSION_MINOR,
            ALPHABETA_VERSION_PATCH);
    CHECK(strcmp(text, ALPHABETA_VERSION_STRING) == 0);

    /* Every status has its own message; anything else is "unknown status". */
    for (s = ALPHABETA_OK; s <= ALPHABETA_ERROR_REWARDS_UNSUPPORTED; s++) {
        const char *m = alphabeta_status_message((alphabeta_status)s);
        CHECK(m != NULL && m[0] != '\0' && strcmp(m, "unknown status") != 0);
        for (t = 0; t < s && m != NULL; t++) {
            if (strcmp(m, alphabeta_status_message((alphabeta_status)t)) == 0) {
                printf("FAIL: statuses %d and %d share a message\n", (int)s, (int)t);
                failed++;
            }
        }
    }
    CHECK(strcmp(alphabeta_status_message(ALPHABETA_OK), "ok") == 0);
    for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *m = alphabeta_status_message((alphabeta_status)unknown[i]);
        CHECK(m != NULL && strcmp(m, "unknown status") == 0);
    }
    /* The status values are fixed (never reused). */
    CHECK(ALPHABETA_OK == 0 && ALPHABETA_ERROR_NULL_POINTER == 1 &&
          ALPHABETA_ERROR_NULL_CALLBACK == 2 && ALPHABETA_ERROR_MIN_DEPTH_ABOVE_MAX_DEPTH == 3 &&
          ALPHABETA_ERROR_ZERO_MAX_DEPTH == 4 && ALPHABETA_ERROR_DEPTH_BEYOND_CAPACITY == 5 &&
          ALPHABETA_ERROR_MOVE_OVERFLOW == 6 && ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT == 7 &&
          ALPHABETA_ERROR_NAN_SCORE == 8 && ALPHABETA_ERROR_INVALID_WINDOW == 9 &&
          ALPHABETA_ERROR_ALREADY_SEARCHING == 10 && ALPHABETA_ERROR_ENGINE_MEMORY == 11 &&
          ALPHABETA_ERROR_TABLE_MEMORY == 12 && ALPHABETA_ERROR_BAD_CONFIG == 13 &&
          ALPHABETA_ERROR_WRONG_SCORE_TYPE == 14 && ALPHABETA_ERROR_PV_TRUNCATED == 15 &&
          ALPHABETA_ERROR_NO_CLOCK == 16 && ALPHABETA_ERROR_PANIC == 17 &&
          ALPHABETA_ERROR_UNSUPPORTED == 18 && ALPHABETA_ERROR_NOT_AN_ENGINE == 19 &&
          ALPHABETA_ERROR_CLONE_FAILED == 20 && ALPHABETA_ERROR_PLAYER_COUNT == 21 &&
          ALPHABETA_ERROR_PLAYER_OUT_OF_RANGE == 22 &&
          ALPHABETA_ERROR_OUT_OF_TURN_UNSUPPORTED == 23 && ALPHABETA_ERROR_INVALID_BOUNDS == 24 &&
          ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS == 25 && ALPHABETA_ERROR_OUT_OF_MEMORY == 26 &&
          ALPHABETA_ERROR_THREADS == 27 && ALPHABETA_ERROR_SCORE_OUT_OF_RANGE == 28 &&
          ALPHABETA_ERROR_NO_OUTCOMES == 29 && ALPHABETA_ERROR_ZERO_WEIGHT == 30 &&
          ALPHABETA_ERROR_TOTAL_WEIGHT_TOO_LARGE == 31 && ALPHABETA_ERROR_BOUND_REQUIRED == 32 &&
          ALPHABETA_ERROR_WRONG_ENGINE == 33 && ALPHABETA_ERROR_ARENA_MEMORY == 34 &&
          ALPHABETA_ERROR_NO_BUDGET == 35 && ALPHABETA_ERROR_CHILDREN_TRUNCATED == 36 &&
          ALPHABETA_ERROR_MOVES_TRUNCATED == 37 && ALPHABETA_ERROR_ZERO_LINES == 38 &&
          ALPHABETA_ERROR_MEAN_OVERFLOW == 39 && ALPHABETA_ERROR_ARENA_PER_THREAD == 40 &&
          ALPHABETA_ERROR_INCONSISTENT_KEY == 41 && ALPHABETA_ERROR_REWARDS_UNSUPPORTED == 42);
    CHECK(strcmp(alphabeta_status_message((alphabeta_status)43), "unknown status") == 0);
}

static void test_defaults_and_capacities(void) {
    alphabeta_config c = alphabeta_config_default();
    alphabeta_limits l = alphabeta_limits_depth(7);
    size_t align = alphabeta_engine_align();

    CHECK(c.score_type == ALPHABETA_SCORE_INT32 && c.algorithm == ALPHABETA_ALGORITHM_ALPHA_BETA);
    CHECK(c.iterative_deepening && c.poll_interval_nodes == 1024 && c.ordering);
    CHECK(c.order_pv_move && c.order_tt_move && c.order_tactical && c.order_killers &&
          c.order_history);
    CHECK(c.tt_cutoffs == ALPHABETA_TT_CUTOFFS_DEEPER_OR_PROVEN && c.pvs &&
          c.null_window_epsilon == 1e-4 && c.mate_distance_pruning);
    CHECK(c.lmr && c.lmr_min_depth == 3 && c.lmr_min_move_index == 3);
    CHECK(c.quiescence && c.max_quiescence_depth == 4 && !c.tie_break);
    CHECK(c.threads == 1 && c.parallel_scheme == ALPHABETA_PARALLEL_ABDADA &&
          c.parallel_min_split_nodes == 16384);
    CHECK(c.root_search == ALPHABETA_ROOT_SEARCH_FULL_WINDOW && c.aspiration_half_width == 16.0);
    CHECK(!c.null_move && c.null_move_reduction == ALPHABETA_NULL_MOVE_ADAPTIVE &&
          !c.null_move_verification);
    CHECK(!c.strength && c.strength_margin == 0.0);
    CHECK(!c.lmr_log && c.lmr_log_base == 0.75f && c.lmr_log_divisor == 2.25f);
    CHECK(c.reverse_futility_max_depth == 0 && c.reverse_futility_margin == 0.0);
    CHECK(c.futility_max_depth == 0 && c.futility_margin == 0.0 && c.late_move_pruning == 0);
    CHECK(!c.lmr_history && c.internal_reduction == 0);
    CHECK(l.min_depth == 1 && l.max_depth == 7 && l.time_limit_micros == ALPHABETA_NO_TIME_LIMIT &&
          l.clock == NULL && l.on_iteration == NULL && l.max_nodes == ALPHABETA_NO_NODE_LIMIT);
    CHECK(ALPHABETA_NO_NODE_LIMIT == UINT64_MAX);
    CHECK(ALPHABETA_NO_TIME_LIMIT == UINT64_MAX);
    CHECK(alphabeta_max_moves() >= 7 && alphabeta_max_ply() >= 9);
    CHECK(alphabeta_engine_size() > 0 && align > 0 && (align & (align - 1)) == 0);
    CHECK(alphabeta_table_slot_size(ALPHABETA_SCORE_INT32) == 16);
    /* 24 bytes where the library uses 64-bit atomic words (three of them), 20 elsewhere. */
    CHECK(alphabeta_table_slot_size(ALPHABETA_SCORE_DOUBLE) == 24
          || alphabeta_table_slot_size(ALPHABETA_SCORE_DOUBLE) == 20);
}

/* A configuration with one field out of range, by number. */
static bool bad_config(int which, alphabeta_config *c) {
    *c = alphabeta_config_default();
    switch (which) {
    case 0: c->score_type = 2; return true;
    case 1: c->score_type = UINT32_MAX; return true;
    case 2: c->algorithm = 2; return true;
    case 3: c->tt_cutoffs = 3; return true;
    case 4: c->null_window_epsilon = 0.0; return true;
    case 5: c->null_window_epsilon = -1e-4; return true;
    case 6: c->null_window_epsilon = nan(""); return true;
    case 7: c->null_window_epsilon = HUGE_VAL; return true;
    case 8: c->parallel_scheme = 3; return true;
    case 9: c->threads = 1025; return true;
    case 10: c->threads = UINT32_MAX; return true;
    case 11: c->root_search = 3; return true;
    case 12: c->aspiration_half_width = 0.0; return true;
    case 13: c->aspiration_half_width = nan(""); return true;
    case 14: c->aspiration_half_width = HUGE_VAL; return true;
    case 15: c->null_move_reduction = ALPHABETA_NULL_MOVE_MAX_REDUCTION + 1; return true;
    case 16: c->strength_margin = -1.0; return true;
    case 17: c->strength_margin = nan(""); return true;
    case 18: c->strength = true; c->threads = 2; return true;
    /* The selective refinements' values, checked whether or not they are on. */
    case 19: c->lmr_log_base = (float)nan(""); return true;
    case 20: c->lmr_log = true; c->lmr_log_base = (float)HUGE_VAL; return true;
    case 21: c->lmr_log_divisor = 0.0f; return true;
    case 22: c->lmr_log = true; c->lmr_log_divisor = -2.25f; return true;
    case 23: c->reverse_futility_margin = -1.0; return true;
    case 24: c->reverse_futility_max_depth = 3; c->reverse_futility_margin = nan(""); return true;
    case 25: c->futility_margin = HUGE_VAL; return true;
    case 26: c->futility_max_depth = 3; c->futility_margin = -0.5; return true;
    default: return false;
    }
}

static void test_engine_init(void) {
    size_t size = alphabeta_engine_size(), align = alphabeta_engine_align();
    unsigned char *memory = (unsigned char *)aligned(64, size + 64);
    unsigned char *table = (unsigned char *)aligned(64, 4096 + 64);
    alphabeta_engine *sentinel = (alphabeta_engine *)(void *)&passed; /* any non-NULL pointer */
    alphabeta_engine *out;
    alphabeta_config config = alphabeta_config_default(), bad;
    int which;

    /* NULL pointers. */
    out = sentinel;
    CHECK_STATUS(alphabeta_engine_init(NULL, size, &config, NULL, 0, &out), ALPHABETA_ERROR_NULL_POINTER);
    CHECK(out == sentinel); /* not written on failure */
    CHECK_STATUS(alphabeta_engine_init(memory, size, &config, NULL, 0, NULL), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_engine_init(memory, size, &config, NULL, 64, &out), ALPHABETA_ERROR_NULL_POINTER);
    /* NULL config: the defaults. NULL table with 0 bytes: no table. */
    out = NULL;
    CHECK_STATUS(alphabeta_engine_init(memory, size, NULL, NULL, 0, &out), ALPHABETA_OK);
    CHECK(out == (alphabeta_engine *)(void *)memory);

    /* Engine memory too small or misaligned. */
    out = sentinel;
    CHECK_STATUS(alphabeta_engine_init(memory, size - 1, &config, NULL, 0, &out), ALPHABETA_ERROR_ENGINE_MEMORY);
    CHECK_STATUS(alphabeta_engine_init(memory, 0, &config, NULL, 0, &out), ALPHABETA_ERROR_ENGINE_MEMORY);
    if (align > 1) {
        CHECK_STATUS(alphabeta_engine_init(memory + 1, size + 1, &config, NULL, 0, &out), ALPHABETA_ERROR_ENGINE_MEMORY);
        CHECK_STATUS(alphabeta_engine_init(memory + align / 2, size + align, &config, NULL, 0, &out), ALPHABETA_ERROR_ENGINE_MEMORY);
    }
    CHECK(out == sentinel);

    /* Table memory misaligned (16 bytes needed) or fewer than 2 slots. */
    CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table + 8, 4096, &out), ALPHABETA_ERROR_TABLE_MEMORY);
    CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table + 4, 4096, &out), ALPHABETA_ERROR_TABLE_MEMORY);
    CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table, 16, &out), ALPHABETA_ERROR_TABLE_MEMORY);
    CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table, 31, &out), ALPHABETA_ERROR_TABLE_MEMORY);
    CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table, 0, &out), ALPHABETA_ERROR_TABLE_MEMORY);
    CHECK(out == sentinel);
    CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table, 32, &out), ALPHABETA_OK);
    CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table + 16, 4096, &out), ALPHABETA_OK);
    config.score_type = ALPHABETA_SCORE_DOUBLE; /* 24- or 20-byte slots */
    {
        size_t two = 2 * alphabeta_table_slot_size(ALPHABETA_SCORE_DOUBLE);
        CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table, two - 1, &out), ALPHABETA_ERROR_TABLE_MEMORY);
        CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table, two, &out), ALPHABETA_OK);
    }

    /* Table memory overlapping the engine memory (building the engine and then zeroing the
     * table would wipe it): refused, and neither memory is touched. One block: the table
     * before the engine, the engine at `block + 4096`, room for a table after it. */
    {
        size_t after = (size + 15) / 16 * 16; /* first 16-byte boundary past the engine */
        unsigned char *block = (unsigned char *)aligned(64, 4096 + after + 4096);
        unsigned char *engine_memory = block + 4096;
        test_game g;
        alphabeta_result r;
        config = alphabeta_config_default();
        /* An idle engine there first, with its table after it (adjacent: fine). */
        CHECK_STATUS(alphabeta_engine_init(engine_memory, size, &config, engine_memory + after, 4096, &out), ALPHABETA_OK);
        memset(block, 0xab, 4096);
        out = sentinel;
        CHECK_STATUS(alphabeta_engine_init(engine_memory, size, &config, engine_memory, 4096, &out), ALPHABETA_ERROR_TABLE_MEMORY);
        CHECK_STATUS(alphabeta_engine_init(engine_memory, size, &config, engine_memory, 2 * size + 64, &out), ALPHABETA_ERROR_TABLE_MEMORY);
        CHECK_STATUS(alphabeta_engine_init(engine_memory, size, &config, block, 4096 + 16, &out), ALPHABETA_ERROR_TABLE_MEMORY);
        CHECK_STATUS(alphabeta_engine_init(engine_memory, size, &config, block, 4096 + after + 64, &out), ALPHABETA_ERROR_TABLE_MEMORY);
        CHECK_STATUS(alphabeta_engine_init(engine_memory, size, &config, engine_memory + after - 16, 4096, &out), ALPHABETA_ERROR_TABLE_MEMORY);
        config.score_type = ALPHABETA_SCORE_DOUBLE;
        CHECK_STATUS(alphabeta_engine_init(engine_memory, size, &config, engine_memory + 16, 4096, &out), ALPHABETA_ERROR_TABLE_MEMORY);
        config = alphabeta_config_default();
        CHECK(out == sentinel);
        CHECK(block[0] == 0xab && block[4095] == 0xab); /* the table was not zeroed */
        /* The engine that was there is untouched and searches. */
        game_init(&g, 3, 6);
        CHECK_STATUS(search((alphabeta_engine *)(void *)engine_memory, &g, 6, &r), ALPHABETA_OK);
        CHECK(r.completed && r.exact && restored(&g));
        /* Adjacent on either side is fine (replacing the idle engine: it owned nothing). */
        CHECK_STATUS(alphabeta_engine_init(engine_memory, size, &config, block, 4096, &out), ALPHABETA_OK);
        CHECK(out == (alphabeta_engine *)(void *)engine_memory && block[0] == 0 && block[4095] == 0);
        game_init(&g, 3, 6);
        CHECK_STATUS(search(out, &g, 6, &r), ALPHABETA_OK);
        CHECK(r.completed && r.exact && restored(&g));
        free(block);
    }

    /* Bad configuration constants. */
    for (which = 0; bad_config(which, &bad); which++) {
        out = sentinel;
        CHECK_STATUS(alphabeta_engine_init(memory, size, &bad, NULL, 0, &out), ALPHABETA_ERROR_BAD_CONFIG);
        CHECK(out == sentinel);
    }
    /* A thread pool needs the heap: not in caller memory. */
    bad = alphabeta_config_default();
    bad.threads = 2;
    CHECK_STATUS(alphabeta_engine_init(memory, size, &bad, NULL, 0, &out), ALPHABETA_ERROR_UNSUPPORTED);
    /* The detail names the field, its value and the way out. */
    CHECK(strstr(alphabeta_last_error_detail(), "config.threads must be 1 for alphabeta_engine_init") != NULL);
    CHECK(strstr(alphabeta_last_error_detail(), "alphabeta_engine_new") != NULL);
    CHECK(strstr(alphabeta_last_error_detail(), "(it is 2)") != NULL);
    bad = alphabeta_config_default();
    bad.root_search = 7;
    CHECK_STATUS(alphabeta_engine_init(memory, size, &bad, NULL, 0, &out), ALPHABETA_ERROR_BAD_CONFIG);
    CHECK(strncmp(alphabeta_last_error_detail(), "config.root_search must be", 26) == 0);
    /* A success leaves the detail as it was. */
    {
        alphabeta_engine *fine = NULL;
        CHECK_STATUS(alphabeta_engine_init(memory, size, NULL, NULL, 0, &fine), ALPHABETA_OK);
        CHECK(strncmp(alphabeta_last_error_detail(), "config.root_search must be", 26) == 0);
        alphabeta_engine_free(fine);
    }
    bad = alphabeta_config_default();
    bad.threads = 2;
    bad.threads = 0;
    CHECK_STATUS(alphabeta_engine_init(memory, size, &bad, NULL, 0, &out), ALPHABETA_ERROR_UNSUPPORTED);
    CHECK(out == sentinel);

    /* Memory that holds no engine. */
    {
        test_game g;
        alphabeta_game t;
        alphabeta_limits limits = alphabeta_limits_depth(2);
        alphabeta_result r;
        alphabeta_window_result w;
        void *zeroes = aligned(64, size); /* zeroed memory of an engine's size */
        alphabeta_engine *not_engine = (alphabeta_engine *)zeroes;
        game_init(&g, 2, 4);
        t = callbacks(&g);
        CHECK_STATUS(alphabeta_search(not_engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_NOT_AN_ENGINE);
        CHECK_STATUS(alphabeta_search_window(not_engine, &t, 2, -1, 1, &w), ALPHABETA_ERROR_NOT_AN_ENGINE);
        CHECK_STATUS(alphabeta_search_window_double(not_engine, &t, 2, -1, 1, &w), ALPHABETA_ERROR_NOT_AN_ENGINE);
        CHECK_STATUS(alphabeta_engine_stop(not_engine), ALPHABETA_ERROR_NOT_AN_ENGINE);
        CHECK_STATUS(alphabeta_engine_clear_table(not_engine), ALPHABETA_ERROR_NOT_AN_ENGINE);
        CHECK_STATUS(alphabeta_engine_clear_history(not_engine), ALPHABETA_ERROR_NOT_AN_ENGINE);
        CHECK(g.calls == 0);
        free(zeroes);
    }

    /* An engine in caller memory works, and needs no free. */
    {
        test_game g;
        alphabeta_result r;
        config = alphabeta_config_default();
        CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table, 4096, &out), ALPHABETA_OK);
        game_init(&g, 3, 6);
        CHECK_STATUS(search(out, &g, 6, &r), ALPHABETA_OK);
        CHECK(r.completed && r.exact && r.has_best_move && restored(&g));
    }
    free(table);
    free(memory);
}

static void test_engine_new_and_free(void) {
    alphabeta_engine *sentinel = (alphabeta_engine *)(void *)&passed;
    alphabeta_engine *out = NULL;
    alphabeta_config bad;
    int which;
    size_t slots[] = {0, 1, 2, 3, 1000};
    size_t i;

    CHECK_STATUS(alphabeta_engine_new(NULL, 0, NULL), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_engine_new(NULL, 16, &out), ALPHABETA_OK); /* NULL config: defaults */
    CHECK(out != NULL);
    alphabeta_engine_free(out);
    for (i = 0; i < sizeof slots / sizeof slots[0]; i++) {
        test_game g;
        alphabeta_result r;
        out = NULL;
        CHECK_STATUS(alphabeta_engine_new(NULL, slots[i], &out), ALPHABETA_OK);
        game_init(&g, 3, 5);
        CHECK_STATUS(search(out, &g, 5, &r), ALPHABETA_OK);
        alphabeta_engine_free(out);
    }
    for (which = 0; bad_config(which, &bad); which++) {
        out = sentinel;
        CHECK_STATUS(alphabeta_engine_new(&bad, 64, &out), ALPHABETA_ERROR_BAD_CONFIG);
        CHECK(out == sentinel);
    }
    alphabeta_engine_free(NULL); /* ignored */
    CHECK(true);
}

static void test_null_arguments(void) {
    alphabeta_engine *engine = new_engine(ALPHABETA_SCORE_INT32, 64);
    alphabeta_engine *dengine = new_engine(ALPHABETA_SCORE_DOUBLE, 64);
    test_game g;
    alphabeta_game t;
    alphabeta_limits limits = alphabeta_limits_depth(3);
    alphabeta_result r, untouched;
    alphabeta_window_result w;
    uint32_t pv[8];

    game_init(&g, 2, 6);
    t = callbacks(&g);
    memset(&untouched, 0xab, sizeof untouched);
    r = untouched;
    CHECK_STATUS(alphabeta_search(NULL, &t, &limits, &r, pv, 8), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_search(engine, NULL, &limits, &r, pv, 8), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_search(engine, &t, NULL, &r, pv, 8), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, NULL, pv, 8), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 8), ALPHABETA_ERROR_NULL_POINTER);
    CHECK(memcmp(&r, &untouched, sizeof r) == 0); /* no result written */
    CHECK(g.calls == 0);                          /* and no callback called */
    /* No PV wanted: NULL and 0. */
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK(r.completed && r.depth == 3 && r.pv_length == 3 && restored(&g));

    CHECK_STATUS(alphabeta_search_window(NULL, &t, 3, -5, 5, &w), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_search_window(engine, NULL, 3, -5, 5, &w), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_search_window(engine, &t, 3, -5, 5, NULL), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_search_window_double(NULL, &t, 3, -5, 5, &w), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_search_window_double(dengine, NULL, 3, -5, 5, &w), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_search_window_double(dengine, &t, 3, -5, 5, NULL), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_engine_stop(NULL), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_engine_clear_table(NULL), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_engine_clear_history(NULL), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_engine_clear_table(engine), ALPHABETA_OK);
    CHECK_STATUS(alphabeta_engine_clear_history(engine), ALPHABETA_OK);
    CHECK_STATUS(alphabeta_engine_clear_table(dengine), ALPHABETA_OK);
    alphabeta_engine_free(engine);
    alphabeta_engine_free(dengine);
}

static void test_null_callbacks(void) {
    alphabeta_engine *engine = new_engine(ALPHABETA_SCORE_INT32, 64);
    alphabeta_engine *dengine = new_engine(ALPHABETA_SCORE_DOUBLE, 64);
    alphabeta_limits limits = alphabeta_limits_depth(3);
    alphabeta_result r;
    alphabeta_window_result w;
    test_game g;
    int which;

    game_init(&g, 2, 6);
    /* Each required callback NULL in turn: NULL_CALLBACK before any callback is called. */
    for (which = 0; which < 6; which++) {
        alphabeta_game t = callbacks(&g);
        switch (which) {
        case 0: t.generate_moves = NULL; break;
        case 1: t.make_move = NULL; break;
        case 2: t.unmake_move = NULL; break;
        case 3: t.zobrist_key = NULL; break;
        case 4: t.side_to_move = NULL; break;
        default: t.is_terminal = NULL; break;
        }
        CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
        /* The detail names the callback. */
        CHECK(strncmp(alphabeta_last_error_detail(), "game->", 6) == 0);
        CHECK(strstr(alphabeta_last_error_detail(), which == 0 ? "generate_moves" : which == 1 ? "make_move" :
                     which == 2 ? "unmake_move" : which == 3 ? "zobrist_key" : which == 4 ? "side_to_move" :
                     "is_terminal") != NULL);
        CHECK_STATUS(alphabeta_search(dengine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
        CHECK_STATUS(alphabeta_search_window(engine, &t, 3, -5, 5, &w), ALPHABETA_ERROR_NULL_CALLBACK);
        CHECK_STATUS(alphabeta_search_window_double(dengine, &t, 3, -5, 5, &w), ALPHABETA_ERROR_NULL_CALLBACK);
    }
    /* The evaluate callback of the engine's score type. */
    {
        alphabeta_game t = callbacks(&g);
        t.evaluate = NULL; /* evaluate_double is there, but the engine is int32 */
        CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
        CHECK_STATUS(alphabeta_search_window(engine, &t, 3, -5, 5, &w), ALPHABETA_ERROR_NULL_CALLBACK);
        CHECK_STATUS(alphabeta_search(dengine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
        t = callbacks(&g);
        t.evaluate_double = NULL; /* evaluate is there, but the engine is double */
        CHECK_STATUS(alphabeta_search(dengine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
        CHECK_STATUS(alphabeta_search_window_double(dengine, &t, 3, -5, 5, &w), ALPHABETA_ERROR_NULL_CALLBACK);
        CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    }
    CHECK(restored(&g));
    {
        /* Only the calls that succeeded touched the game. */
        long calls = g.calls;
        alphabeta_game t = callbacks(&g);
        t.is_terminal = NULL;
        CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
        CHECK(g.calls == calls);
    }
    alphabeta_engine_free(engine);
    alphabeta_engine_free(dengine);
}

static void test_pv_truncation(void) {
    alphabeta_engine *engine = new_engine(ALPHABETA_SCORE_INT32, 0);
    alphabeta_result full, cut;
    uint32_t pv_full[64], pv_cut[8];
    test_game g;
    alphabeta_game t;
    alphabeta_limits limits = alphabeta_limits_depth(6);
    size_t i;

    game_init(&g, 3, 6);
    t = callbacks(&g);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &full, pv_full, 64), ALPHABETA_OK);
    CHECK(full.pv_length == 6 && full.has_best_move && full.best_move == pv_full[0]);

    for (i = 0; i < 8; i++) {
        pv_cut[i] = 0xdeadbeefu;
    }
    alphabeta_engine_clear_history(engine);
    memset(&cut, 0, sizeof cut);
    CHECK_STATUS(alphabeta_engine_clear_history(engine), ALPHABETA_OK);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &cut, pv_cut, 2), ALPHABETA_ERROR_PV_TRUNCATED);
    /* The result is complete; pv_length is the true length; two moves written, no more. */
    CHECK(cut.pv_length == full.pv_length && cut.best_move == full.best_move &&
          cut.has_best_move && cut.score == full.score && cut.depth == full.depth &&
          cut.exact == full.exact && cut.completed);
    CHECK(pv_cut[0] == pv_full[0] && pv_cut[1] == pv_full[1] && pv_cut[2] == 0xdeadbeefu);
    /* A buffer of capacity 0 is too small too. */
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &cut, pv_cut + 4, 0), ALPHABETA_ERROR_PV_TRUNCATED);
    CHECK(cut.pv_length == 6 && pv_cut[4] == 0xdeadbeefu);
    /* Exactly the length: OK. */
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &cut, pv_full, 6), ALPHABETA_OK);
    CHECK(restored(&g));
    alphabeta_engine_free(engine);
}

static void test_move_counts(void) {
    alphabeta_engine *engine = new_engine(ALPHABETA_SCORE_INT32, 256);
    alphabeta_result r;
    alphabeta_window_result w;
    test_game g;
    int at;

    /* The capacity offered is the build's. */
    game_init(&g, 3, 4);
    CHECK_STATUS(search(engine, &g, 4, &r), ALPHABETA_OK);
    CHECK(g.capacity_seen == (int32_t)alphabeta_max_moves());

    /* Exactly the capacity is fine. */
    game_init(&g, (int)alphabeta_max_moves(), 1);
    CHECK_STATUS(search(engine, &g, 1, &r), ALPHABETA_OK);
    CHECK(restored(&g) && r.has_best_move);

    for (at = 0; at <= 3; at += 3) { /* at the root and three plies down */
        alphabeta_game t;
        game_init(&g, 3, 8);
        g.misbehave = TOO_MANY_MOVES;
        g.at_ply = at;
        CHECK_STATUS(search(engine, &g, 6, &r), ALPHABETA_ERROR_MOVE_OVERFLOW);
        CHECK(restored(&g));
        t = callbacks(&g);
        CHECK_STATUS(alphabeta_search_window(engine, &t, 6, -10, 10, &w), ALPHABETA_ERROR_MOVE_OVERFLOW);
        CHECK(restored(&g));

        game_init(&g, 3, 8);
        g.misbehave = NEGATIVE_COUNT;
        g.at_ply = at;
        g.bad_count = -1;
        CHECK_STATUS(search(engine, &g, 6, &r), ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT);
        CHECK(restored(&g));
        g.bad_count = INT32_MIN;
        t = callbacks(&g);
        CHECK_STATUS(alphabeta_search_window(engine, &t, 6, -10, 10, &w), ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT);
        CHECK(restored(&g));
    }

    /* The same from the quiescence move generator. */
    {
        alphabeta_game t;
        alphabeta_limits limits = alphabeta_limits_depth(2);
        game_init(&g, 3, -1);
        t = callbacks(&g);
        t.generate_tactical_moves = t_generate_tactical;
        CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
        CHECK(g.tactical_capacity_seen == (int32_t)alphabeta_max_moves() && restored(&g));
        g.misbehave = TACTICAL_TOO_MANY;
        CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_MOVE_OVERFLOW);
        CHECK(restored(&g));
        g.misbehave = TACTICAL_NEGATIVE;
        CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT);
        CHECK(restored(&g));
    }

    /* The engine is not left in a bad state. */
    game_init(&g, 3, 5);
    CHECK_STATUS(search(engine, &g, 5, &r), ALPHABETA_OK);
    CHECK(r.completed && r.exact && restored(&g));
    alphabeta_engine_free(engine);
}

static void test_depths_and_windows(void) {
    alphabeta_engine *engine = new_engine(ALPHABETA_SCORE_INT32, 256);
    alphabeta_engine *dengine = new_engine(ALPHABETA_SCORE_DOUBLE, 256);
    uint32_t max_ply = (uint32_t)alphabeta_max_ply();
    alphabeta_game t;
    alphabeta_limits limits;
    alphabeta_result r;
    alphabeta_window_result w;
    test_game g;

    game_init(&g, 2, 4);
    t = callbacks(&g);
    limits = alphabeta_limits_depth(3);
    limits.min_depth = 5;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_MIN_DEPTH_ABOVE_MAX_DEPTH);
    limits = alphabeta_limits_depth(0);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_ZERO_MAX_DEPTH);
    limits.min_depth = 0;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_ZERO_MAX_DEPTH);
    limits = alphabeta_limits_depth(max_ply + 1);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_DEPTH_BEYOND_CAPACITY);
    limits = alphabeta_limits_depth(UINT32_MAX);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_DEPTH_BEYOND_CAPACITY);
    CHECK(g.calls == 0);
    /* The limits themselves are fine. */
    limits = alphabeta_limits_depth(max_ply);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK(r.exact && r.depth == 4); /* the game ends at ply 4: iterative deepening stops */
    limits = alphabeta_limits_depth(3);
    limits.min_depth = 0; /* counts as 1 */
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    limits.min_depth = 3;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);

    /* Window searches. */
    CHECK_STATUS(alphabeta_search_window(engine, &t, max_ply + 1, -5, 5, &w), ALPHABETA_ERROR_DEPTH_BEYOND_CAPACITY);
    CHECK_STATUS(alphabeta_search_window(engine, &t, 3, 5, 5, &w), ALPHABETA_ERROR_INVALID_WINDOW);
    CHECK_STATUS(alphabeta_search_window(engine, &t, 3, 6, 5, &w), ALPHABETA_ERROR_INVALID_WINDOW);
    CHECK_STATUS(alphabeta_search_window_double(dengine, &t, 3, nan(""), 5, &w), ALPHABETA_ERROR_INVALID_WINDOW);
    CHECK_STATUS(alphabeta_search_window_double(dengine, &t, 3, -5, nan(""), &w), ALPHABETA_ERROR_INVALID_WINDOW);
    CHECK_STATUS(alphabeta_search_window_double(dengine, &t, 3, 1.5, 1.5, &w), ALPHABETA_ERROR_INVALID_WINDOW);
    CHECK_STATUS(alphabeta_search_window_double(engine, &t, 3, -5, 5, &w), ALPHABETA_ERROR_WRONG_SCORE_TYPE);
    CHECK_STATUS(alphabeta_search_window(dengine, &t, 3, -5, 5, &w), ALPHABETA_ERROR_WRONG_SCORE_TYPE);
    CHECK_STATUS(alphabeta_search_window(engine, &t, 0, -INT32_MAX, INT32_MAX, &w), ALPHABETA_OK);
    CHECK(!w.has_best_move && w.nodes == 1); /* depth 0: the static evaluation */
    CHECK_STATUS(alphabeta_search_window(engine, &t, max_ply, -INT32_MAX, INT32_MAX, &w), ALPHABETA_OK);
    CHECK_STATUS(alphabeta_search_window_double(dengine, &t, 4, -HUGE_VAL, HUGE_VAL, &w), ALPHABETA_OK);
    CHECK(w.has_best_move && isfinite(w.score_double));
    CHECK(restored(&g));
    alphabeta_engine_free(engine);
    alphabeta_engine_free(dengine);
}

/* Called from inside `evaluate` while `g->engine` searches. */
static void reenter(test_game *g) {
    test_game inner;
    alphabeta_game t;
    alphabeta_limits limits = alphabeta_limits_depth(2);
    alphabeta_result r;
    alphabeta_window_result w;

    g->reentered = true;
    game_init(&inner, 2, 4);
    t = callbacks(&inner);
    g->reentry[0] = alphabeta_search(g->engine, &t, &limits, &r, NULL, 0);
    g->reentry[1] = alphabeta_search_window(g->engine, &t, 2, -1, 1, &w);
    g->reentry[2] = alphabeta_engine_clear_table(g->engine);
    g->reentry[3] = alphabeta_engine_clear_history(g->engine);
    /* Another engine is free to search, even from here. */
    g->reentry[4] = alphabeta_search(g->other, &t, &limits, &r, NULL, 0);
    g->reentry[5] = restored(&inner) && inner.calls > 0 ? ALPHABETA_OK : ALPHABETA_ERROR_PANIC;
}

static void test_reentrance(void) {
    alphabeta_engine *engine = new_engine(ALPHABETA_SCORE_INT32, 256);
    alphabeta_engine *other = new_engine(ALPHABETA_SCORE_INT32, 256);
    alphabeta_result r;
    alphabeta_window_result w;
    alphabeta_game t;
    test_game g;
    int pass;

    for (pass = 0; pass < 2; pass++) { /* from a search, then from a window search */
        game_init(&g, 2, 4);
        g.misbehave = REENTER;
        g.engine = engine;
        g.other = other;
        if (pass == 0) {
            CHECK_STATUS(search(engine, &g, 4, &r), ALPHABETA_OK);
        } else {
            t = callbacks(&g);
            CHECK_STATUS(alphabeta_search_window(engine, &t, 4, -INT32_MAX, INT32_MAX, &w), ALPHABETA_OK);
        }
        CHECK(g.reentered);
        CHECK_STATUS(g.reentry[0], ALPHABETA_ERROR_ALREADY_SEARCHING);
        CHECK_STATUS(g.reentry[1], ALPHABETA_ERROR_ALREADY_SEARCHING);
        CHECK_STATUS(g.reentry[2], ALPHABETA_ERROR_ALREADY_SEARCHING);
        CHECK_STATUS(g.reentry[3], ALPHABETA_ERROR_ALREADY_SEARCHING);
        CHECK_STATUS(g.reentry[4], ALPHABETA_OK);
        CHECK_STATUS(g.reentry[5], ALPHABETA_OK);
        CHECK(restored(&g));
        /* The engine is free again afterwards. */
        game_init(&g, 2, 4);
        CHECK_STATUS(search(engine, &g, 4, &r), ALPHABETA_OK);
        CHECK_STATUS(alphabeta_engine_clear_table(engine), ALPHABETA_OK);
    }
    alphabeta_engine_free(engine);
    alphabeta_engine_free(other);
}

/* Called from inside `evaluate` while `g->engine` searches: frees it (deferred until the search
 * returns), frees it again (nothing more), and calls it (still valid until then). */
static void free_from_callback(test_game *g) {
    test_game inner;
    alphabeta_game t;
    alphabeta_limits limits = alphabeta_limits_depth(2);
    alphabeta_result r;

    g->reentered = true;
    alphabeta_engine_free(g->engine);
    alphabeta_engine_free(g->engine);
    game_init(&inner, 2, 4);
    t = callbacks(&inner);
    g->reentry[0] = alphabeta_search(g->engine, &t, &limits, &r, NULL, 0);
    g->reentry[1] = alphabeta_engine_clear_table(g->engine);
    g->reentry[2] = alphabeta_engine_stop(g->engine);
    g->reentry[3] = inner.calls == 0 ? ALPHABETA_OK : ALPHABETA_ERROR_PANIC;
}

/* Frees the engine from the progress callback after `free_at_depth` (once). */
typedef struct {
    alphabeta_engine *engine;
    uint32_t free_at_depth;
    uint32_t calls;
} freeing_log;

static void free_on_iteration(void *user_data, const alphabeta_info *info) {
    freeing_log *log = (freeing_log *)user_data;
    log->calls++;
    if (info->depth == log->free_at_depth) {
        alphabeta_engine_free(log->engine);
    }
}

static void *t_clone(void *u);
static void t_free(void *u);

/* alphabeta_engine_free during a search (from a callback) is deferred: the search stops as
 * after alphabeta_engine_stop, returns its own status and result, and frees the engine on its
 * way out. ASan and valgrind check that nothing is used after it is freed, and nothing leaks. */
static void test_free_during_search(void) {
    uint32_t max_ply = (uint32_t)alphabeta_max_ply();
    alphabeta_config config = alphabeta_config_default();
    alphabeta_engine *engine;
    alphabeta_limits limits;
    alphabeta_result r;
    alphabeta_window_result w;
    alphabeta_game t;
    test_game g;
    freeing_log log;
    uint32_t pv[128];
    int threads;

    /* From the progress callback after depth 2, on an endless game searched to the deepest
     * depth (years without the free): the search stops, returns the last completed iteration
     * with its PV, and frees the engine (a heap engine with a table; 1 and 2 threads). */
    for (threads = 1; threads <= 2; threads++) {
        engine = NULL;
        config = alphabeta_config_default();
        config.threads = (uint32_t)threads;
        CHECK_STATUS(alphabeta_engine_new(&config, 1024, &engine), ALPHABETA_OK);
        if (engine == NULL) {
            return;
        }
        game_init(&g, 8, -1);
        t = callbacks(&g);
        t.clone_state = t_clone;
        t.free_state = t_free;
        limits = alphabeta_limits_depth(max_ply);
        log.engine = engine;
        log.free_at_depth = 2;
        log.calls = 0;
        limits.on_iteration = free_on_iteration;
        limits.on_iteration_user_data = &log;
        memset(&r, 0, sizeof r);
        memset(pv, 0, sizeof pv);
        CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, pv, 128), ALPHABETA_OK);
        /* engine is freed now: not used again */
        CHECK(!r.completed && r.depth >= 2 && r.depth < max_ply && r.has_best_move);
        CHECK(log.calls == r.depth && r.pv_length >= 1 && pv[0] == r.best_move);
        CHECK(restored(&g));
    }

    /* From evaluate, in the middle of depth 1: depth 1 (the minimum) completes, then the
     * search stops. Inside the callback the engine is still valid and still searching. */
    engine = new_engine(ALPHABETA_SCORE_INT32, 256);
    game_init(&g, 3, 6);
    g.misbehave = FREE_ENGINE;
    g.engine = engine;
    CHECK_STATUS(search(engine, &g, 6, &r), ALPHABETA_OK);
    CHECK(g.reentered && r.depth == 1 && !r.completed && r.has_best_move && restored(&g));
    CHECK_STATUS(g.reentry[0], ALPHABETA_ERROR_ALREADY_SEARCHING);
    CHECK_STATUS(g.reentry[1], ALPHABETA_ERROR_ALREADY_SEARCHING);
    CHECK_STATUS(g.reentry[2], ALPHABETA_OK);
    CHECK_STATUS(g.reentry[3], ALPHABETA_OK);

    /* From evaluate during a window search (which never stops early): it runs to its end,
     * returns its result, and frees the engine. */
    engine = new_engine(ALPHABETA_SCORE_INT32, 256);
    game_init(&g, 3, 6);
    g.misbehave = FREE_ENGINE;
    g.engine = engine;
    t = callbacks(&g);
    memset(&w, 0, sizeof w);
    CHECK_STATUS(alphabeta_search_window(engine, &t, 4, -INT32_MAX, INT32_MAX, &w), ALPHABETA_OK);
    CHECK(g.reentered && w.has_best_move && w.nodes > 1 && restored(&g));
    CHECK_STATUS(g.reentry[0], ALPHABETA_ERROR_ALREADY_SEARCHING);

    /* An engine in caller memory: "free" ends it in place (nothing to free); later calls with
     * the pointer say it is no engine, and the memory can hold a new one. */
    {
        size_t size = alphabeta_engine_size();
        unsigned char *memory = (unsigned char *)aligned(64, size);
        unsigned char *table = (unsigned char *)aligned(64, 4096);
        alphabeta_engine *out = NULL;

        config = alphabeta_config_default();
        CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table, 4096, &out), ALPHABETA_OK);
        game_init(&g, 3, 6);
        g.misbehave = FREE_ENGINE;
        g.engine = out;
        CHECK_STATUS(search(out, &g, 6, &r), ALPHABETA_OK);
        CHECK(g.reentered && r.depth == 1 && !r.completed && restored(&g));
        CHECK_STATUS(g.reentry[0], ALPHABETA_ERROR_ALREADY_SEARCHING);
        game_init(&g, 3, 6);
        CHECK_STATUS(search(out, &g, 6, &r), ALPHABETA_ERROR_NOT_AN_ENGINE);
        CHECK_STATUS(alphabeta_engine_stop(out), ALPHABETA_ERROR_NOT_AN_ENGINE);
        CHECK(g.calls == 0);
        alphabeta_engine_free(out); /* no engine there any more: ignored */

        /* Rebuilt, searched, and ended while idle. */
        CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table, 4096, &out), ALPHABETA_OK);
        CHECK_STATUS(search(out, &g, 6, &r), ALPHABETA_OK);
        CHECK(r.completed && r.exact && restored(&g));
        alphabeta_engine_free(out);
        CHECK_STATUS(alphabeta_engine_clear_table(out), ALPHABETA_ERROR_NOT_AN_ENGINE);
        free(table);
        free(memory);
    }
}

/* Called from inside `evaluate` while `g->engine` (in caller memory) searches: builds engines
 * over it, which must be refused (the search is using it; with `free_first` it was freed first,
 * which only defers the free until the search returns), and leave it working. */
static void init_from_callback(test_game *g) {
    size_t size = alphabeta_engine_size();
    alphabeta_config config = alphabeta_config_default();
    unsigned char *memory = (unsigned char *)(void *)g->engine;
    alphabeta_engine *sentinel = (alphabeta_engine *)(void *)&passed;
    alphabeta_engine *out = sentinel;

    g->reentered = true;
    if (g->free_first) {
        alphabeta_engine_free(g->engine);
    }
    /* Over the engine, with no table, or with a table (elsewhere) of its own. */
    g->reentry[0] = alphabeta_engine_init(memory, size, &config, NULL, 0, &out);
    g->reentry[1] = alphabeta_engine_init(memory, size, NULL, g->spare, size, &out);
    /* A new engine elsewhere whose table would be zeroed over the engine. */
    g->reentry[2] = alphabeta_engine_init(g->spare, size, &config, memory, size, &out);
    g->reentry[3] = out == sentinel ? ALPHABETA_OK : ALPHABETA_ERROR_PANIC;
    /* The engine is still an engine, still busy. */
    g->reentry[4] = alphabeta_engine_clear_table(g->engine);
    g->reentry[5] = alphabeta_engine_clear_history(g->engine);
}

/* alphabeta_engine_init on the memory of an engine a call runs on (from its callback, also
 * after alphabeta_engine_free deferred the free) answers ALREADY_SEARCHING and changes
 * nothing: the search finishes as it would have, and afterwards the engine is usable (or, when
 * the free was pending, ended), and the memory can hold a new engine. */
static void test_init_over_busy_engine(void) {
    size_t size = alphabeta_engine_size();
    unsigned char *memory = (unsigned char *)aligned(64, size);
    unsigned char *spare = (unsigned char *)aligned(64, size);
    unsigned char *table = (unsigned char *)aligned(64, 4096);
    alphabeta_config config = alphabeta_config_default();
    alphabeta_engine *engine = NULL, *again = NULL;
    alphabeta_result r, expected;
    test_game g;
    int free_first;

    /* The result of an undisturbed search, for comparison. */
    CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table, 4096, &engine), ALPHABETA_OK);
    game_init(&g, 3, 6);
    CHECK_STATUS(search(engine, &g, 6, &expected), ALPHABETA_OK);

    for (free_first = 0; free_first <= 1; free_first++) {
        /* Replacing an idle engine in caller memory is allowed (it owns nothing). */
        CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table, 4096, &engine), ALPHABETA_OK);
        CHECK(engine == (alphabeta_engine *)(void *)memory);
        game_init(&g, 3, 6);
        g.misbehave = INIT_OVER_ENGINE;
        g.engine = engine;
        g.free_first = free_first != 0;
        g.spare = spare;
        memset(&r, 0, sizeof r);
        CHECK_STATUS(search(engine, &g, 6, &r), ALPHABETA_OK);
        CHECK(g.reentered && restored(&g));
        CHECK_STATUS(g.reentry[0], ALPHABETA_ERROR_ALREADY_SEARCHING);
        CHECK_STATUS(g.reentry[1], ALPHABETA_ERROR_ALREADY_SEARCHING);
        CHECK_STATUS(g.reentry[2], ALPHABETA_ERROR_ALREADY_SEARCHING);
        CHECK_STATUS(g.reentry[3], ALPHABETA_OK); /* *out not written */
        CHECK_STATUS(g.reentry[4], ALPHABETA_ERROR_ALREADY_SEARCHING);
        CHECK_STATUS(g.reentry[5], ALPHABETA_ERROR_ALREADY_SEARCHING);
        game_init(&g, 3, 6);
        if (!free_first) {
            /* Undisturbed: the full result, and the engine is idle and usable afterwards. */
            CHECK(r.completed && r.exact && r.score == expected.score && r.best_move == expected.best_move);
            CHECK_STATUS(search(engine, &g, 6, &r), ALPHABETA_OK);
            CHECK(r.completed && r.score == expected.score && restored(&g));
        } else {
            /* Stopped by the free (depth 1 completes), then ended in place. */
            CHECK(r.depth == 1 && !r.completed && r.has_best_move);
            CHECK_STATUS(search(engine, &g, 6, &r), ALPHABETA_ERROR_NOT_AN_ENGINE);
            CHECK(g.calls == 0);
        }
        /* Once the call has returned, the memory takes a new engine. */
        CHECK_STATUS(alphabeta_engine_init(memory, size, &config, table, 4096, &again), ALPHABETA_OK);
        CHECK(again == engine);
        game_init(&g, 3, 6);
        CHECK_STATUS(search(again, &g, 6, &r), ALPHABETA_OK);
        CHECK(r.completed && r.score == expected.score && restored(&g));
        alphabeta_engine_free(again);
    }
    free(table);
    free(spare);
    free(memory);
}

/* ---------------------------------------------------------------------------------------
 * The chance search: a roll of a die whose outcomes and weights the test chooses, then a
 * leaf scoring the face (plus an offset); every misuse of alphabeta_chance_search. */

typedef struct {
    int rolled;           /* 0: nature to move; else the face rolled */
    int32_t count;        /* outcomes written (the test may lie) */
    uint32_t weights[8];  /* weights of faces 1..count */
    int32_t offset;       /* added to the face by evaluate */
    int makes, unmakes;
} die_game;

static die_game *die_of(void *ud) { return (die_game *)ud; }
static int32_t die_moves(void *ud, uint32_t *moves, int32_t capacity) {
    (void)ud; (void)moves; (void)capacity;
    return 0;
}
static void die_make(void *ud, uint32_t mv) { die_of(ud)->rolled = (int)mv; die_of(ud)->makes++; }
static void die_unmake(void *ud, uint32_t mv) { (void)mv; die_of(ud)->rolled = 0; die_of(ud)->unmakes++; }
static int32_t die_eval(void *ud, int32_t player, uint32_t ply, uint32_t depth_left) {
    (void)player; (void)ply; (void)depth_left;
    return die_of(ud)->rolled + die_of(ud)->offset;
}
static double die_eval_double(void *ud, int32_t player, uint32_t ply, uint32_t depth_left) {
    return (double)die_eval(ud, player, ply, depth_left);
}
static uint64_t die_key(void *ud) { return (uint64_t)die_of(ud)->rolled; }
static int32_t die_side(void *ud) { (void)ud; return 0; }
static bool die_terminal(void *ud) { return die_of(ud)->rolled != 0; }
static bool die_chance(void *ud) { return die_of(ud)->rolled == 0; }
static int32_t die_outcomes(void *ud, alphabeta_outcome *outcomes, int32_t capacity) {
    die_game *g = die_of(ud);
    for (int32_t i = 0; i < g->count && i < capacity && i < 8; i++) {
        outcomes[i].outcome = (uint32_t)(i + 1);
        outcomes[i].weight = g->weights[i];
    }
    return g->count;
}

static alphabeta_chance_game die_table(die_game *g) {
    alphabeta_chance_game game;
    memset(&game, 0, sizeof game);
    game.game.user_data = g;
    game.game.generate_moves = die_moves;
    game.game.make_move = die_make;
    game.game.unmake_move = die_unmake;
    game.game.evaluate = die_eval;
    game.game.evaluate_double = die_eval_double;
    game.game.zobrist_key = die_key;
    game.game.side_to_move = die_side;
    game.game.is_terminal = die_terminal;
    game.is_chance_node = die_chance;
    game.generate_outcomes = die_outcomes;
    game.has_score_bound = true;
    game.score_bound = 10;
    game.score_bound_double = 10.0;
    return game;
}

static die_game fair_die(void) {
    die_game g;
    memset(&g, 0, sizeof g);
    g.count = 6;
    for (int i = 0; i < 8; i++) g.weights[i] = 1;
    return g;
}

static void test_chance(void) {
    alphabeta_limits limits = alphabeta_limits_depth(2);
    alphabeta_chance_config config = alphabeta_chance_config_default();
    alphabeta_chance_result result;
    uint32_t pv[4];
    die_game g = fair_die();
    alphabeta_chance_game game = die_table(&g);

    /* A fair die: 3.5 in double, rounded to even (4) in int32; the PV is the first face. */
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, &result, pv, 4), ALPHABETA_OK);
    CHECK(result.search.score == 4 && result.search.exact && !result.search.has_best_move);
    CHECK(result.search.pv_length == 1 && pv[0] == 1 && result.chance_nodes == 1);
    config.search.score_type = ALPHABETA_SCORE_DOUBLE;
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_OK);
    CHECK(result.search.score_double == 3.5);
    g.weights[5] = 4; /* a six four times as likely: (15 + 24) / 9 */
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, &result, pv, 4), ALPHABETA_OK);
    CHECK(result.search.score_double == 39.0 / 9.0 && pv[0] == 6);
    g.weights[5] = 1;
    /* NULL config: the defaults (int32). A table in caller memory. */
    unsigned char *table = (unsigned char *)aligned(16, 4096);
    CHECK_STATUS(alphabeta_chance_search(&game, NULL, &limits, table, 4096, &result, NULL, 0), ALPHABETA_OK);
    CHECK(result.search.score == 4);
    CHECK(g.rolled == 0 && g.makes == g.unmakes);

    /* NULL pointers. */
    CHECK_STATUS(alphabeta_chance_search(NULL, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_chance_search(&game, &config, NULL, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, NULL, NULL, 0), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, &result, NULL, 4), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 64, &result, NULL, 0), ALPHABETA_ERROR_NULL_POINTER);
    /* Table memory misaligned or too small. */
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, table + 8, 4000, &result, NULL, 0), ALPHABETA_ERROR_TABLE_MEMORY);
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, table, 24, &result, NULL, 0), ALPHABETA_ERROR_TABLE_MEMORY);
    free(table);

    /* NULL callbacks: the chance ones, and the evaluate of the score type. */
    alphabeta_chance_game broken = game;
    broken.is_chance_node = NULL;
    CHECK_STATUS(alphabeta_chance_search(&broken, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
    broken = game;
    broken.generate_outcomes = NULL;
    CHECK_STATUS(alphabeta_chance_search(&broken, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
    broken = game;
    broken.game.evaluate_double = NULL;
    CHECK_STATUS(alphabeta_chance_search(&broken, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
    broken = game;
    broken.game.make_move = NULL;
    CHECK_STATUS(alphabeta_chance_search(&broken, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);

    /* Bounds: none with Star1/Star2, bad ones, a score beyond. */
    broken = game;
    broken.has_score_bound = false;
    CHECK_STATUS(alphabeta_chance_search(&broken, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_BOUND_REQUIRED);
    alphabeta_chance_config plain = config;
    plain.star1 = plain.star2 = false;
    CHECK_STATUS(alphabeta_chance_search(&broken, &plain, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_OK);
    CHECK(result.search.score_double == 3.5);
    broken = game;
    broken.score_bound_double = -1.0;
    CHECK_STATUS(alphabeta_chance_search(&broken, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_INVALID_BOUNDS);
    broken.score_bound_double = NAN;
    CHECK_STATUS(alphabeta_chance_search(&broken, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_INVALID_BOUNDS);
    broken.score_bound_double = INFINITY;
    CHECK_STATUS(alphabeta_chance_search(&broken, &plain, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_INVALID_BOUNDS);
    /* A bound whose weighted sums could overflow (above DBL_MAX / 2^26), with or without
     * Star1 and Star2. */
    broken.score_bound_double = 1e308;
    CHECK_STATUS(alphabeta_chance_search(&broken, &plain, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_INVALID_BOUNDS);
    CHECK_STATUS(alphabeta_chance_search(&broken, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_INVALID_BOUNDS);
    broken.score_bound_double = 2.6e300;
    CHECK_STATUS(alphabeta_chance_search(&broken, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_OK);
    CHECK(result.search.score_double == 3.5);
    alphabeta_chance_config ints = config;
    ints.search.score_type = ALPHABETA_SCORE_INT32;
    broken = game;
    broken.score_bound = INT32_MAX;
    CHECK_STATUS(alphabeta_chance_search(&broken, &ints, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_INVALID_BOUNDS);
    broken.score_bound = -3;
    CHECK_STATUS(alphabeta_chance_search(&broken, &ints, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_INVALID_BOUNDS);
    g.offset = 5; /* a six scores 11, beyond 10 */
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS);
    CHECK_STATUS(alphabeta_chance_search(&game, &ints, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS);
    g.offset = 0;
    CHECK(g.rolled == 0 && g.makes == g.unmakes);

    /* Outcomes: none, a weight of 0, too much weight, too many, a negative count. */
    g.count = 0;
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_NO_OUTCOMES);
    g = fair_die();
    g.weights[2] = 0;
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_ZERO_WEIGHT);
    g = fair_die();
    g.weights[0] = ALPHABETA_MAX_TOTAL_WEIGHT - 4;
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_TOTAL_WEIGHT_TOO_LARGE);
    g.weights[0] = ALPHABETA_MAX_TOTAL_WEIGHT - 5; /* exactly the limit */
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_OK);
    g = fair_die();
    g.count = (int32_t)alphabeta_max_moves() + 1;
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_MOVE_OVERFLOW);
    g.count = -2;
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT);
    g = fair_die();
    CHECK(g.rolled == 0);

    /* Configuration and limits. */
    alphabeta_chance_config bad = config;
    bad.search.threads = 2;
    CHECK_STATUS(alphabeta_chance_search(&game, &bad, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_BAD_CONFIG);
    bad = config;
    bad.search.score_type = 7;
    CHECK_STATUS(alphabeta_chance_search(&game, &bad, &limits, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_BAD_CONFIG);
    alphabeta_limits zero = alphabeta_limits_depth(0);
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &zero, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_ZERO_MAX_DEPTH);
    alphabeta_limits deep = alphabeta_limits_depth((uint32_t)alphabeta_max_ply() + 1);
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &deep, NULL, 0, &result, NULL, 0), ALPHABETA_ERROR_DEPTH_BEYOND_CAPACITY);

    /* A PV buffer too small: the result is complete, the PV cut. */
    uint32_t none[1] = {99};
    CHECK_STATUS(alphabeta_chance_search(&game, &config, &limits, NULL, 0, &result, none, 0), ALPHABETA_ERROR_PV_TRUNCATED);
    CHECK(result.search.pv_length == 1 && none[0] == 99 && result.search.score_double == 3.5);

    /* The messages of the chance statuses. */
    for (int status = ALPHABETA_ERROR_NO_OUTCOMES; status <= ALPHABETA_ERROR_BOUND_REQUIRED; status++) {
        CHECK(strcmp(alphabeta_status_message((alphabeta_status)status), "unknown status") != 0);
    }
    CHECK(g.makes == g.unmakes && g.rolled == 0);
}

static void test_nan(void) {
    alphabeta_engine *dengine = new_engine(ALPHABETA_SCORE_DOUBLE, 256);
    alphabeta_window_result w;
    alphabeta_result r;
    alphabeta_game t;
    test_game g;

    game_init(&g, 3, 6);
    g.misbehave = NAN_SCORE;
    g.at_ply = 3;
    CHECK_STATUS(search(dengine, &g, 6, &r), ALPHABETA_ERROR_NAN_SCORE);
    CHECK(restored(&g));
    t = callbacks(&g);
    CHECK_STATUS(alphabeta_engine_clear_table(dengine), ALPHABETA_OK);
    CHECK_STATUS(alphabeta_search_window_double(dengine, &t, 3, -HUGE_VAL, HUGE_VAL, &w), ALPHABETA_ERROR_NAN_SCORE);
    CHECK(restored(&g));
    g.misbehave = BEHAVE;
    CHECK_STATUS(search(dengine, &g, 6, &r), ALPHABETA_OK);
    alphabeta_engine_free(dengine);
}

/* A host clock that advances 1 ms at every reading. */
static uint64_t ticking_clock(void *user_data) {
    uint64_t *now = (uint64_t *)user_data;
    *now += 1000;
    return *now;
}

typedef struct {
    uint32_t last_depth;
    int calls;
    bool increasing;
} info_log;

static void on_iteration(void *user_data, const alphabeta_info *info) {
    info_log *log = (info_log *)user_data;
    if (info->depth != log->last_depth + 1 || (info->pv_length > 0 && info->pv == NULL)) {
        log->increasing = false;
    }
    log->last_depth = info->depth;
    log->calls++;
}

static void test_time_and_info(void) {
    alphabeta_engine *engine = new_engine(ALPHABETA_SCORE_INT32, 1024);
    alphabeta_game t;
    alphabeta_limits limits;
    alphabeta_result r;
    test_game g;
    uint64_t now = 0;
    info_log log = {0, 0, true};

    game_init(&g, 3, -1); /* endless */
    t = callbacks(&g);
    limits = alphabeta_limits_depth(40);
    limits.time_limit_micros = 5000;
    limits.clock = ticking_clock;
    limits.clock_user_data = &now;
    limits.min_depth = 2;
    limits.on_iteration = on_iteration;
    limits.on_iteration_user_data = &log;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK(!r.completed && r.depth >= 2 && r.depth < 40 && r.has_elapsed && r.has_best_move);
    CHECK(log.increasing && log.calls == (int)r.depth);
    CHECK(restored(&g));
    /* A time limit of 0 is no time at all: min_depth completes, nothing more (as the Rust
     * Limits::with_time_limit(clock, 0)); on both clocks. */
    limits = alphabeta_limits_depth(8);
    limits.time_limit_micros = 0;
    limits.clock = ticking_clock;
    limits.clock_user_data = &now;
    limits.min_depth = 3;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK(r.depth == 3 && !r.completed && r.has_best_move && restored(&g));
    limits.clock = NULL;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK(r.depth == 3 && !r.completed && r.has_best_move && restored(&g));
    /* ALPHABETA_NO_TIME_LIMIT (the default) is none, even on a clock that races ahead. */
    game_init(&g, 3, -1);
    t = callbacks(&g);
    limits = alphabeta_limits_depth(6);
    limits.clock = ticking_clock;
    limits.clock_user_data = &now;
    CHECK(limits.time_limit_micros == ALPHABETA_NO_TIME_LIMIT);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK(r.depth == 6 && r.completed && restored(&g));
    game_init(&g, 3, -1);
    t = callbacks(&g);
    limits = alphabeta_limits_depth(40);
    /* A time limit on the library's own clock (std builds). */
    limits.clock = NULL;
    limits.time_limit_micros = 1;
    limits.min_depth = 3;
    limits.on_iteration = NULL;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK(r.depth >= 3 && !r.completed && r.has_elapsed);
    CHECK(restored(&g));
    alphabeta_engine_free(engine);
}

/* ---- stop from another thread ---- */

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t started_cond;
    bool started;
    alphabeta_engine *engine;
    alphabeta_status stop_status;
    struct timespec stopped_at;
} stopper;

static void on_first_iteration(void *user_data, const alphabeta_info *info) {
    stopper *s = (stopper *)user_data;
    (void)info;
    pthread_mutex_lock(&s->lock);
    if (!s->started) {
        s->started = true;
        pthread_cond_signal(&s->started_cond);
    }
    pthread_mutex_unlock(&s->lock);
}

static void *stop_later(void *arg) {
    stopper *s = (stopper *)arg;
    struct timespec pause = {0, 50 * 1000 * 1000}; /* 50 ms into the search */
    pthread_mutex_lock(&s->lock);
    while (!s->started) {
        pthread_cond_wait(&s->started_cond, &s->lock);
    }
    pthread_mutex_unlock(&s->lock);
    nanosleep(&pause, NULL);
    clock_gettime(CLOCK_MONOTONIC, &s->stopped_at);
    s->stop_status = alphabeta_engine_stop(s->engine);
    return NULL;
}

static double seconds_between(const struct timespec *from, const struct timespec *to) {
    return (double)(to->tv_sec - from->tv_sec) + (double)(to->tv_nsec - from->tv_nsec) / 1e9;
}

static void test_stop_from_another_thread(void) {
    alphabeta_engine *engine = new_engine(ALPHABETA_SCORE_INT32, 0);
    alphabeta_game t;
    alphabeta_limits limits;
    alphabeta_result r;
    test_game g;
    stopper s;
    pthread_t thread;
    struct timespec returned_at;
    double late;

    /* A stop on an idle engine is harmless: the next search still runs to its end. */
    CHECK_STATUS(alphabeta_engine_stop(engine), ALPHABETA_OK);
    game_init(&g, 3, 6);
    CHECK_STATUS(search(engine, &g, 6, &r), ALPHABETA_OK);
    CHECK(r.completed && r.exact);

    /* An endless game searched to the deepest depth: years without the stop. */
    game_init(&g, 8, -1);
    t = callbacks(&g);
    limits = alphabeta_limits_depth((uint32_t)alphabeta_max_ply());
    memset(&s, 0, sizeof s);
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.started_cond, NULL);
    s.engine = engine;
    s.stop_status = ALPHABETA_ERROR_PANIC;
    limits.on_iteration = on_first_iteration;
    limits.on_iteration_user_data = &s;
    if (pthread_create(&thread, NULL, stop_later, &s) != 0) {
        CHECK(!"pthread_create");
        alphabeta_engine_free(engine);
        return;
    }
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    clock_gettime(CLOCK_MONOTONIC, &returned_at);
    pthread_join(thread, NULL);
    late = seconds_between(&s.stopped_at, &returned_at);
    CHECK_STATUS(s.stop_status, ALPHABETA_OK);
    CHECK(!r.completed && r.depth >= 1 && r.depth < alphabeta_max_ply() && r.has_best_move);
    /* It returned soon after the stop (generous: valgrind runs ~50x slower). */
    CHECK(late < 5.0);
    CHECK(restored(&g));
    pthread_cond_destroy(&s.started_cond);
    pthread_mutex_destroy(&s.lock);

    /* The stop does not outlive its search. */
    game_init(&g, 3, 6);
    CHECK_STATUS(search(engine, &g, 6, &r), ALPHABETA_OK);
    CHECK(r.completed && r.exact);
    alphabeta_engine_free(engine);
}

/* ---- several threads: clone_state required, its failure reported, clones freed ---- */

static pthread_mutex_t clone_lock = PTHREAD_MUTEX_INITIALIZER;
static long clones_made, clones_freed;
static bool clones_fail;

static void *t_clone(void *u) {
    test_game *copy;
    pthread_mutex_lock(&clone_lock);
    if (clones_fail) {
        pthread_mutex_unlock(&clone_lock);
        return NULL;
    }
    clones_made++;
    pthread_mutex_unlock(&clone_lock);
    copy = (test_game *)malloc(sizeof *copy);
    if (copy != NULL) {
        memcpy(copy, u, sizeof *copy);
    }
    return copy;
}

static void t_free(void *u) {
    pthread_mutex_lock(&clone_lock);
    clones_freed++;
    pthread_mutex_unlock(&clone_lock);
    free(u);
}

static void test_threads(void) {
    alphabeta_config config = alphabeta_config_default();
    alphabeta_engine *engine = NULL;
    alphabeta_limits limits = alphabeta_limits_depth(6);
    alphabeta_result r;
    alphabeta_game t;
    test_game g;

    config.threads = 2;
    CHECK_STATUS(alphabeta_engine_new(&config, 1024, &engine), ALPHABETA_OK);
    if (engine == NULL) {
        return;
    }
    game_init(&g, 3, 6);
    t = callbacks(&g);
    /* Without clone_state: a required callback for several threads. */
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
    CHECK(restored(&g));
    /* clone_state without free_state: every copy would leak, so it is refused too. */
    t.clone_state = t_clone;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
    CHECK(restored(&g));
    /* clone_state returning NULL. */
    t.free_state = t_free;
    clones_fail = true;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_CLONE_FAILED);
    CHECK(restored(&g));
    /* Working clones: the search succeeds and every copy is freed. */
    clones_fail = false;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK(r.completed && r.exact && r.has_best_move && restored(&g));
    CHECK(clones_made > 0 && clones_made == clones_freed);
    alphabeta_engine_free(engine);
}

/* ---- null moves: the pass callbacks in pairs, used, refused where the game says no ---- */

static alphabeta_engine *engine_with(alphabeta_config config, size_t slots) {
    alphabeta_engine *engine = NULL;
    if (alphabeta_engine_new(&config, slots, &engine) != ALPHABETA_OK || engine == NULL) {
        fprintf(stderr, "alphabeta_engine_new failed\n");
        exit(2);
    }
    return engine;
}

static void test_null_moves(void) {
    alphabeta_config config = alphabeta_config_default();
    alphabeta_engine *engine;
    alphabeta_limits limits = alphabeta_limits_depth(7);
    alphabeta_result r;
    alphabeta_game t;
    test_game g;

    config.null_move = true;
    config.null_move_verification = true;
    engine = engine_with(config, 1024);
    game_init(&g, 4, -1);
    t = callbacks(&g);
    /* One pass callback without the other. */
    t.make_null_move = t_make_null;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
    t.make_null_move = NULL;
    t.unmake_null_move = t_unmake_null;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
    CHECK(g.calls == 0);
    /* Both: passes are tried, each taken back. */
    t.make_null_move = t_make_null;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK(r.null_moves > 0 && r.null_moves == (uint64_t)g.null_makes && r.null_move_cutoffs > 0);
    CHECK(r.null_move_cutoffs <= r.null_moves && restored(&g));
    /* Where the game says no, none. */
    t.null_move_allowed = t_null_allowed;
    g.null_forbidden = true;
    g.null_makes = g.null_unmakes = 0;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK(r.null_moves == 0 && g.null_makes == 0 && g.null_refused == 0 && restored(&g));
    alphabeta_engine_free(engine);
}

/* ---- aspiration windows and MTD(f) give the full window's value; MTD(f)'s misuse ---- */

static void test_root_searches_and_mtdf(void) {
    alphabeta_config config = alphabeta_config_default();
    alphabeta_engine *engine, *dengine;
    alphabeta_limits limits = alphabeta_limits_depth(6);
    alphabeta_result full, r;
    alphabeta_window_result w;
    alphabeta_game t;
    test_game g;
    uint32_t root;

    /* Value-preserving: no reductions, no quiescence. */
    config.lmr = false;
    config.quiescence = false;
    game_init(&g, 3, -1);
    t = callbacks(&g);
    engine = engine_with(config, 4096);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &full, NULL, 0), ALPHABETA_OK);
    CHECK(full.root_searches == 6);
    alphabeta_engine_free(engine);
    for (root = ALPHABETA_ROOT_SEARCH_ASPIRATION; root <= ALPHABETA_ROOT_SEARCH_MTDF; root++) {
        config.root_search = root;
        config.aspiration_half_width = 3.0;
        engine = engine_with(config, 4096);
        CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
        CHECK(r.score == full.score && r.depth == 6 && r.root_searches > 6 && r.has_best_move);
        alphabeta_engine_free(engine);
    }
    CHECK(restored(&g));

    /* MTD(f) at a fixed depth equals the full window, from any guess. */
    config.root_search = ALPHABETA_ROOT_SEARCH_FULL_WINDOW;
    engine = engine_with(config, 4096);
    config.score_type = ALPHABETA_SCORE_DOUBLE;
    dengine = engine_with(config, 4096);
    CHECK_STATUS(alphabeta_mtdf(engine, &t, 6, 0, &w), ALPHABETA_OK);
    CHECK(w.score == full.score && w.has_best_move && w.root_searches >= 2);
    CHECK_STATUS(alphabeta_mtdf(engine, &t, 6, 900, &w), ALPHABETA_OK);
    CHECK(w.score == full.score);
    CHECK_STATUS(alphabeta_search_window_double(dengine, &t, 6, -HUGE_VAL, HUGE_VAL, &w), ALPHABETA_OK);
    {
        double value = w.score_double;
        CHECK_STATUS(alphabeta_mtdf_double(dengine, &t, 6, 0.25, &w), ALPHABETA_OK);
        CHECK(w.score_double == value);
        CHECK_STATUS(alphabeta_mtdf_double(dengine, &t, 6, HUGE_VAL, &w), ALPHABETA_OK);
        CHECK(w.score_double == value);
    }
    CHECK_STATUS(alphabeta_mtdf(engine, &t, 6, INT32_MIN, &w), ALPHABETA_ERROR_INVALID_WINDOW);
    CHECK_STATUS(alphabeta_mtdf_double(dengine, &t, 6, nan(""), &w), ALPHABETA_ERROR_INVALID_WINDOW);
    CHECK_STATUS(alphabeta_mtdf(dengine, &t, 6, 0, &w), ALPHABETA_ERROR_WRONG_SCORE_TYPE);
    CHECK_STATUS(alphabeta_mtdf_double(engine, &t, 6, 0.0, &w), ALPHABETA_ERROR_WRONG_SCORE_TYPE);
    CHECK_STATUS(alphabeta_mtdf(engine, &t, (uint32_t)alphabeta_max_ply() + 1, 0, &w),
                 ALPHABETA_ERROR_DEPTH_BEYOND_CAPACITY);
    CHECK_STATUS(alphabeta_mtdf(engine, NULL, 6, 0, &w), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_mtdf(engine, &t, 6, 0, NULL), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_mtdf(NULL, &t, 6, 0, &w), ALPHABETA_ERROR_NULL_POINTER);
    CHECK(restored(&g));
    alphabeta_engine_free(engine);
    alphabeta_engine_free(dengine);
}

/* ---- analysis: every move's exact score, multi-PV, the buffers and their misuse ---- */

static void test_analysis(void) {
    alphabeta_config config = alphabeta_config_default();
    alphabeta_engine *engine, *dengine;
    alphabeta_limits limits = alphabeta_limits_depth(5);
    alphabeta_root_move moves[8], sentinel;
    uint32_t pv[8 * 8];
    size_t count, i;
    alphabeta_result r;
    alphabeta_window_result w;
    alphabeta_game t;
    test_game g;

    config.lmr = false;
    config.quiescence = false;
    engine = engine_with(config, 4096);
    config.score_type = ALPHABETA_SCORE_DOUBLE;
    dengine = engine_with(config, 4096);
    game_init(&g, 4, -1);
    t = callbacks(&g);

    /* Misuse: NULL pointers, no line. Nothing written. */
    count = 99;
    memset(&sentinel, 0xab, sizeof sentinel);
    moves[0] = sentinel;
    CHECK_STATUS(alphabeta_analyze(engine, NULL, &limits, 1, moves, 8, &count, pv, 8, &r), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_analyze(engine, &t, NULL, 1, moves, 8, &count, pv, 8, &r), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, 1, moves, 8, NULL, pv, 8, &r), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, 1, moves, 8, &count, pv, 8, NULL), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, 1, NULL, 8, &count, pv, 8, &r), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, 1, moves, 8, &count, NULL, 8, &r), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_analyze(NULL, &t, &limits, 1, moves, 8, &count, pv, 8, &r), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, 0, moves, 8, &count, pv, 8, &r), ALPHABETA_ERROR_ZERO_LINES);
    limits = alphabeta_limits_depth(0);
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, 1, moves, 8, &count, pv, 8, &r), ALPHABETA_ERROR_ZERO_MAX_DEPTH);
    CHECK(count == 99 && memcmp(&moves[0], &sentinel, sizeof sentinel) == 0 && g.calls == 0);

    /* Every move exact, best first, each equal to a window search of its child. */
    limits = alphabeta_limits_depth(5);
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, SIZE_MAX, moves, 8, &count, pv, 8, &r), ALPHABETA_OK);
    CHECK(count == 4 && r.has_best_move && r.best_move == moves[0].mv && r.score == moves[0].score);
    CHECK(r.completed && r.depth == 5 && r.pv_length == moves[0].pv_length);
    for (i = 0; i < count; i++) {
        CHECK(moves[i].bound == ALPHABETA_BOUND_EXACT && pv[i * 8] == moves[i].mv);
        CHECK(moves[i].pv_length >= 1 && moves[i].pv_length <= 5);
        CHECK(i == 0 || moves[i].score <= moves[i - 1].score);
        t_make(&g, moves[i].mv);
        CHECK_STATUS(alphabeta_search_window(engine, &t, 4, -INT32_MAX, INT32_MAX, &w), ALPHABETA_OK);
        t_unmake(&g, moves[i].mv);
        CHECK(moves[i].score == -w.score);
    }
    /* One line: the best exact, the others bounded by it. */
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, 1, moves, 8, &count, pv, 8, &r), ALPHABETA_OK);
    CHECK(count == 4 && moves[0].bound == ALPHABETA_BOUND_EXACT && r.score == moves[0].score);
    for (i = 1; i < count; i++) {
        CHECK(moves[i].score <= moves[0].score);
        CHECK(moves[i].bound == ALPHABETA_BOUND_UPPER ? moves[i].pv_length == 0 : true);
    }
    /* Buffers too small: the best that fit, everything else complete. */
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, SIZE_MAX, moves, 2, &count, pv, 8, &r), ALPHABETA_ERROR_MOVES_TRUNCATED);
    CHECK(count == 4 && r.completed && moves[0].mv == r.best_move);
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, SIZE_MAX, moves, 8, &count, pv, 1, &r), ALPHABETA_ERROR_PV_TRUNCATED);
    CHECK(count == 4 && pv[0] == moves[0].mv && pv[1] == moves[1].mv && moves[0].pv_length > 1);
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, SIZE_MAX, NULL, 0, &count, NULL, 0, &r), ALPHABETA_ERROR_MOVES_TRUNCATED);
    CHECK(count == 4);
    /* Double scores, and a node limit: the last completed iteration. */
    CHECK_STATUS(alphabeta_analyze(dengine, &t, &limits, 2, moves, 8, &count, NULL, 0, &r), ALPHABETA_OK);
    CHECK(count == 4 && r.score_double == moves[0].score_double);
    limits = alphabeta_limits_depth(30);
    limits.max_nodes = 300;
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, 2, moves, 8, &count, NULL, 0, &r), ALPHABETA_OK);
    CHECK(!r.completed && r.depth >= 1 && r.depth < 30 && count == 4);
    /* A terminal root: no move. */
    game_init(&g, 4, 0);
    t = callbacks(&g);
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, 2, moves, 8, &count, pv, 8, &r), ALPHABETA_OK);
    CHECK(count == 0 && !r.has_best_move);
    CHECK(restored(&g));
    alphabeta_engine_free(engine);
    alphabeta_engine_free(dengine);
}

/* ---- the selective refinements: off by default, counted when on ---- */

static void test_selective(void) {
    alphabeta_config config = alphabeta_config_default();
    alphabeta_engine *engine;
    alphabeta_limits limits = alphabeta_limits_depth(7);
    alphabeta_result off, on;
    alphabeta_game t;
    test_game g;

    game_init(&g, 6, -1);
    t = callbacks(&g);
    engine = engine_with(config, 4096);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &off, NULL, 0), ALPHABETA_OK);
    CHECK(off.pruned_nodes == 0 && off.pruned_moves == 0 && restored(&g));
    alphabeta_engine_free(engine);
    /* Every one on: reverse futility cuts nodes, futility and late move pruning skip moves. */
    config.lmr_log = true;
    config.reverse_futility_max_depth = 4;
    config.reverse_futility_margin = 50.0;
    config.futility_max_depth = 3;
    config.futility_margin = 50.0;
    config.late_move_pruning = 3;
    engine = engine_with(config, 4096);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &on, NULL, 0), ALPHABETA_OK);
    CHECK(on.pruned_nodes > 0 && on.pruned_moves > 0 && on.has_best_move && on.depth == 7);
    CHECK(on.nodes < off.nodes && restored(&g));
    alphabeta_engine_free(engine);
}

/* ---- strength levels and node limits ---- */

static void test_strength_and_node_limits(void) {
    alphabeta_config config = alphabeta_config_default();
    alphabeta_engine *engine = NULL, *again;
    alphabeta_limits limits = alphabeta_limits_depth(5);
    alphabeta_root_move moves[8];
    alphabeta_result r, r2;
    alphabeta_game t;
    size_t count, i;
    test_game g;
    bool within;

    config.strength = true;
    config.strength_margin = 400.0;
    config.strength_seed = 42;
    config.threads = 2;
    CHECK_STATUS(alphabeta_engine_new(&config, 0, &engine), ALPHABETA_ERROR_BAD_CONFIG);
    CHECK(engine == NULL);
    config.threads = 1;
    config.lmr = false;
    config.quiescence = false;
    engine = engine_with(config, 0);
    again = engine_with(config, 0);
    game_init(&g, 4, -1);
    t = callbacks(&g);
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK_STATUS(alphabeta_search(again, &t, &limits, &r2, NULL, 0), ALPHABETA_OK);
    CHECK(r.has_best_move && r.best_move == r2.best_move && r.score == r2.score);
    /* The move is within the margin of the best: compare with an analysis. */
    CHECK_STATUS(alphabeta_analyze(engine, &t, &limits, SIZE_MAX, moves, 8, &count, NULL, 0, &r2), ALPHABETA_OK);
    within = false;
    for (i = 0; i < count; i++) {
        if (moves[i].mv == r.best_move) {
            within = moves[i].score == r.score && moves[0].score - r.score <= 400;
        }
    }
    CHECK(within);
    alphabeta_engine_free(engine);
    alphabeta_engine_free(again);

    /* A node limit ends the search at a poll: the last completed iteration. */
    engine = new_engine(ALPHABETA_SCORE_INT32, 0);
    limits = alphabeta_limits_depth(40);
    limits.max_nodes = 5000;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK(!r.completed && r.depth >= 1 && r.depth < 40 && r.nodes <= 5000 + 1024);
    limits.min_depth = 4;
    limits.max_nodes = 0;
    CHECK_STATUS(alphabeta_search(engine, &t, &limits, &r, NULL, 0), ALPHABETA_OK);
    CHECK(!r.completed && r.depth == 4);
    CHECK(restored(&g));
    alphabeta_engine_free(engine);
}

/* ---------------------------------------------------------------------------------------
 * Monte Carlo tree search */

static alphabeta_status mcts_search(alphabeta_engine *engine, test_game *g, uint64_t iterations,
                                    alphabeta_mcts_result *result) {
    alphabeta_game t = callbacks(g);
    alphabeta_mcts_limits limits = alphabeta_mcts_limits_iterations(iterations);
    alphabeta_mcts_child children[64];
    uint32_t pv[64];
    return alphabeta_mcts_search(engine, &t, &limits, result, children, 64, pv, 64);
}

static void test_mcts_init(void) {
    size_t size = alphabeta_engine_size(), node = alphabeta_mcts_node_size();
    unsigned char *memory = (unsigned char *)aligned(64, size + 64);
    unsigned char *arena = (unsigned char *)aligned(64, 1000 * node + 64);
    alphabeta_mcts_config config = alphabeta_mcts_config_default(), bad;
    alphabeta_engine *engine = NULL;
    alphabeta_mcts_result r;
    test_game g;

    CHECK(node == ALPHABETA_MCTS_NODE_SIZE && node == sizeof(alphabeta_mcts_node_storage));
    CHECK(alphabeta_mcts_node_align() == 4);
    /* The defaults. */
    CHECK(config.score_type == ALPHABETA_SCORE_INT32 && config.solver && config.threads == 1);
    CHECK(config.leaf == ALPHABETA_MCTS_LEAF_PLAYOUT && config.when_full == ALPHABETA_MCTS_FULL_RECYCLE);
    CHECK(config.scheme == ALPHABETA_MCTS_ROOT_PARALLEL && !config.tree_reuse);
    CHECK(config.exploration > 0.0 && config.eval_scale > 0.0 && config.implicit_minimax == 0.0);
    CHECK(alphabeta_mcts_limits_iterations(5).max_iterations == 5);
    CHECK(alphabeta_mcts_limits_iterations(5).time_limit_micros == ALPHABETA_NO_TIME_LIMIT);

    /* NULL pointers. */
    CHECK_STATUS(alphabeta_mcts_init(NULL, size, NULL, arena, 1000 * node, &engine),
                 ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_mcts_init(memory, size, NULL, arena, 1000 * node, NULL),
                 ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_mcts_init(memory, size, NULL, NULL, 1000 * node, &engine),
                 ALPHABETA_ERROR_NULL_POINTER);
    /* Engine memory too small or misaligned. */
    CHECK_STATUS(alphabeta_mcts_init(memory, size - 1, NULL, arena, 1000 * node, &engine),
                 ALPHABETA_ERROR_ENGINE_MEMORY);
    CHECK_STATUS(alphabeta_mcts_init(memory + 1, size, NULL, arena, 1000 * node, &engine),
                 ALPHABETA_ERROR_ENGINE_MEMORY);
    /* Arena misaligned, too small, or overlapping the engine. */
    CHECK_STATUS(alphabeta_mcts_init(memory, size, NULL, arena + 1, 999 * node, &engine),
                 ALPHABETA_ERROR_ARENA_MEMORY);
    CHECK_STATUS(alphabeta_mcts_init(memory, size, NULL, arena, 2 * node - 1, &engine),
                 ALPHABETA_ERROR_ARENA_MEMORY);
    CHECK_STATUS(alphabeta_mcts_init(memory, size, NULL, memory + 8, 10 * node, &engine),
                 ALPHABETA_ERROR_ARENA_MEMORY);
    /* Bad configuration values. */
    bad = config; bad.score_type = 7;
    CHECK_STATUS(alphabeta_mcts_init(memory, size, &bad, arena, 1000 * node, &engine), ALPHABETA_ERROR_BAD_CONFIG);
    bad = config; bad.leaf = 2;
    CHECK_STATUS(alphabeta_mcts_init(memory, size, &bad, arena, 1000 * node, &engine), ALPHABETA_ERROR_BAD_CONFIG);
    bad = config; bad.when_full = 2;
    CHECK_STATUS(alphabeta_mcts_init(memory, size, &bad, arena, 1000 * node, &engine), ALPHABETA_ERROR_BAD_CONFIG);
    bad = config; bad.scheme = 2;
    CHECK_STATUS(alphabeta_mcts_init(memory, size, &bad, arena, 1000 * node, &engine), ALPHABETA_ERROR_BAD_CONFIG);
    bad = config; bad.exploration = nan("");
    CHECK_STATUS(alphabeta_mcts_init(memory, size, &bad, arena, 1000 * node, &engine), ALPHABETA_ERROR_BAD_CONFIG);
    bad = config; bad.exploration = -1.0;
    CHECK_STATUS(alphabeta_mcts_init(memory, size, &bad, arena, 1000 * node, &engine), ALPHABETA_ERROR_BAD_CONFIG);
    bad = config; bad.eval_scale = 0.0;
    CHECK_STATUS(alphabeta_mcts_init(memory, size, &bad, arena, 1000 * node, &engine), ALPHABETA_ERROR_BAD_CONFIG);
    bad = config; bad.eval_scale = 1e300; /* beyond a float */
    CHECK_STATUS(alphabeta_mcts_init(memory, size, &bad, arena, 1000 * node, &engine), ALPHABETA_ERROR_BAD_CONFIG);
    bad = config; bad.implicit_minimax = 1.5;
    CHECK_STATUS(alphabeta_mcts_init(memory, size, &bad, arena, 1000 * node, &engine), ALPHABETA_ERROR_BAD_CONFIG);
    bad = config; bad.threads = 1025;
    CHECK_STATUS(alphabeta_mcts_init(memory, size, &bad, arena, 1000 * node, &engine), ALPHABETA_ERROR_BAD_CONFIG);
    /* Threads need the heap. */
    bad = config; bad.threads = 2;
    CHECK_STATUS(alphabeta_mcts_init(memory, size, &bad, arena, 1000 * node, &engine), ALPHABETA_ERROR_UNSUPPORTED);
    CHECK(engine == NULL);

    /* A working engine in caller memory; NULL config is the default. */
    CHECK_STATUS(alphabeta_mcts_init(memory, size, NULL, arena, 1000 * node, &engine), ALPHABETA_OK);
    CHECK(engine == (alphabeta_engine *)memory);
    game_init(&g, 3, 5);
    CHECK_STATUS(mcts_search(engine, &g, 500, &r), ALPHABETA_OK);
    CHECK(restored(&g) && r.has_best_move && r.arena_nodes == 1000 && r.children_length == 3);
    CHECK(r.proven && r.iterations < 500); /* a small game: proven, then done */
    alphabeta_engine_free(engine);
    CHECK_STATUS(mcts_search(engine, &g, 10, &r), ALPHABETA_ERROR_NOT_AN_ENGINE);
    /* An arena too small for the root's children: a search-time status. */
    CHECK_STATUS(alphabeta_mcts_init(memory, size, NULL, arena, 3 * node, &engine), ALPHABETA_OK);
    game_init(&g, 5, 5);
    CHECK_STATUS(mcts_search(engine, &g, 10, &r), ALPHABETA_ERROR_ARENA_MEMORY);
    CHECK(restored(&g));
    alphabeta_engine_free(engine);
    free(memory);
    free(arena);
}

static void test_mcts_search(void) {
    alphabeta_mcts_config config = alphabeta_mcts_config_default();
    alphabeta_engine *engine = NULL, *alpha_beta = new_engine(ALPHABETA_SCORE_INT32, 0);
    alphabeta_engine *other = new_engine(ALPHABETA_SCORE_INT32, 256);
    alphabeta_mcts_limits limits = alphabeta_mcts_limits_iterations(200);
    alphabeta_limits depth = alphabeta_limits_depth(3);
    alphabeta_mcts_result r;
    alphabeta_mcts_child children[8];
    alphabeta_result ab;
    alphabeta_window_result w;
    uint32_t pv[64];
    alphabeta_game t;
    test_game g;

    CHECK_STATUS(alphabeta_mcts_new(NULL, 1000, NULL), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_mcts_new(NULL, 1, &engine), ALPHABETA_ERROR_ARENA_MEMORY);
    CHECK_STATUS(alphabeta_mcts_new(NULL, SIZE_MAX, &engine), ALPHABETA_ERROR_ARENA_MEMORY);
    config.score_type = 9;
    CHECK_STATUS(alphabeta_mcts_new(&config, 1000, &engine), ALPHABETA_ERROR_BAD_CONFIG);
    CHECK(engine == NULL);
    config = alphabeta_mcts_config_default();
    config.tree_reuse = true;
    CHECK_STATUS(alphabeta_mcts_new(&config, 100000, &engine), ALPHABETA_OK);
    if (engine == NULL) {
        return;
    }
    game_init(&g, 4, 8);
    t = callbacks(&g);
    /* NULL arguments, and buffers NULL with a capacity. */
    CHECK_STATUS(alphabeta_mcts_search(NULL, &t, &limits, &r, NULL, 0, NULL, 0), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_mcts_search(engine, NULL, &limits, &r, NULL, 0, NULL, 0), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, NULL, &r, NULL, 0, NULL, 0), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, NULL, NULL, 0, NULL, 0), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, NULL, 1, NULL, 0), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, NULL, 0, NULL, 1), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_mcts_play(engine, NULL, 0), ALPHABETA_ERROR_NULL_POINTER);
    CHECK_STATUS(alphabeta_mcts_play(NULL, &t, 0), ALPHABETA_ERROR_NULL_POINTER);
    /* A missing callback. */
    t.zobrist_key = NULL;
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, NULL, 0, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
    t = callbacks(&g);
    /* No budget at all. */
    limits.max_iterations = ALPHABETA_NO_ITERATION_LIMIT;
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, NULL, 0, NULL, 0), ALPHABETA_ERROR_NO_BUDGET);
    /* A time limit alone (the library's clock) ends it; 0 still runs one iteration. */
    limits.time_limit_micros = 0;
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, NULL, 0, NULL, 0), ALPHABETA_OK);
    CHECK(r.iterations >= 1 && r.has_best_move && r.has_elapsed && restored(&g));
    limits = alphabeta_mcts_limits_iterations(200);
    /* Wrong engine, both ways. */
    CHECK_STATUS(alphabeta_mcts_search(alpha_beta, &t, &limits, &r, NULL, 0, NULL, 0), ALPHABETA_ERROR_WRONG_ENGINE);
    CHECK_STATUS(alphabeta_mcts_play(alpha_beta, &t, 0), ALPHABETA_ERROR_WRONG_ENGINE);
    CHECK_STATUS(alphabeta_search(engine, &t, &depth, &ab, NULL, 0), ALPHABETA_ERROR_WRONG_ENGINE);
    CHECK_STATUS(alphabeta_search_window(engine, &t, 3, -1, 1, &w), ALPHABETA_ERROR_WRONG_ENGINE);
    CHECK_STATUS(alphabeta_search_window_double(engine, &t, 3, -1, 1, &w), ALPHABETA_ERROR_WRONG_ENGINE);
    CHECK_STATUS(alphabeta_mtdf(engine, &t, 3, 0, &w), ALPHABETA_ERROR_WRONG_ENGINE);
    {
        alphabeta_root_move root_moves[9];
        size_t root_count = 0;
        alphabeta_result analysis;
        CHECK_STATUS(alphabeta_analyze(engine, &t, &depth, 1, root_moves, 9, &root_count, NULL, 0, &analysis),
                     ALPHABETA_ERROR_WRONG_ENGINE);
    }
    CHECK_STATUS(alphabeta_engine_clear_table(engine), ALPHABETA_OK);
    CHECK_STATUS(alphabeta_engine_clear_history(engine), ALPHABETA_OK);
    CHECK(restored(&g));
    /* Buffers too small: the result complete, the children first. */
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, children, 2, pv, 1),
                 ALPHABETA_ERROR_CHILDREN_TRUNCATED);
    CHECK(r.children_length == 4 && r.pv_length > 1 && r.iterations == 200);
    CHECK(children[0].mv == 0 && children[1].mv == 1 && pv[0] == r.best_move);
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, children, 8, pv, 1),
                 ALPHABETA_ERROR_PV_TRUNCATED);
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, children, 8, pv, 64), ALPHABETA_OK);
    CHECK(r.pv_length > 1 && r.pv_length <= 8 && children[3].mv == 3 && restored(&g));
    /* Misbehaving games: move counts, and the game back in place (the kept tree forgotten:
     * its root is proven already, so a search would have nothing to do). */
    CHECK_STATUS(alphabeta_engine_clear_table(engine), ALPHABETA_OK);
    g.misbehave = TOO_MANY_MOVES;
    g.at_ply = 2;
    CHECK_STATUS(mcts_search(engine, &g, 200, &r), ALPHABETA_ERROR_MOVE_OVERFLOW);
    CHECK(restored(&g));
    g.misbehave = NEGATIVE_COUNT;
    g.bad_count = -3;
    CHECK_STATUS(mcts_search(engine, &g, 200, &r), ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT);
    CHECK(restored(&g));
    /* Re-entrance from a callback of the searching engine. */
    game_init(&g, 2, 4);
    g.misbehave = REENTER;
    g.engine = engine;
    g.other = other;
    CHECK_STATUS(mcts_search(engine, &g, 100, &r), ALPHABETA_OK);
    CHECK(g.reentered && restored(&g));
    CHECK_STATUS(g.reentry[0], ALPHABETA_ERROR_ALREADY_SEARCHING);
    CHECK_STATUS(g.reentry[1], ALPHABETA_ERROR_ALREADY_SEARCHING);
    CHECK_STATUS(g.reentry[2], ALPHABETA_ERROR_ALREADY_SEARCHING);
    CHECK_STATUS(g.reentry[3], ALPHABETA_ERROR_ALREADY_SEARCHING);
    CHECK_STATUS(g.reentry[4], ALPHABETA_OK);
    /* Tree reuse through alphabeta_mcts_play: the move is made on the game. */
    game_init(&g, 3, 6);
    t = callbacks(&g);
    CHECK_STATUS(mcts_search(engine, &g, 300, &r), ALPHABETA_OK);
    CHECK_STATUS(alphabeta_mcts_play(engine, &t, r.best_move), ALPHABETA_OK);
    CHECK(g.ply == 1 && g.makes == g.unmakes + 1);
    CHECK_STATUS(mcts_search(engine, &g, 300, &r), ALPHABETA_OK);
    CHECK(g.ply == 1 && r.tree_nodes > 1);
    alphabeta_engine_free(engine);
    alphabeta_engine_free(alpha_beta);
    alphabeta_engine_free(other);
}

static void test_mcts_threads(void) {
    alphabeta_mcts_config config = alphabeta_mcts_config_default();
    alphabeta_engine *engine = NULL;
    alphabeta_mcts_result r;
    alphabeta_mcts_limits limits = alphabeta_mcts_limits_iterations(2000);
    alphabeta_game t;
    test_game g;
    uint32_t scheme;

    for (scheme = ALPHABETA_MCTS_ROOT_PARALLEL; scheme <= ALPHABETA_MCTS_TREE_PARALLEL; scheme++) {
        config.threads = 2;
        config.scheme = scheme;
        engine = NULL;
        CHECK_STATUS(alphabeta_mcts_new(&config, 100000, &engine), ALPHABETA_OK);
        if (engine == NULL) {
            return;
        }
        game_init(&g, 3, 7);
        t = callbacks(&g);
        CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, NULL, 0, NULL, 0), ALPHABETA_ERROR_NULL_CALLBACK);
        t.clone_state = t_clone;
        t.free_state = t_free;
        clones_fail = true;
        CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, NULL, 0, NULL, 0), ALPHABETA_ERROR_CLONE_FAILED);
        CHECK(restored(&g));
        clones_fail = false;
        clones_made = clones_freed = 0;
        CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, NULL, 0, NULL, 0), ALPHABETA_OK);
        CHECK(r.threads == 2 && r.has_best_move && restored(&g));
        CHECK(clones_made == 2 && clones_made == clones_freed);
        /* A budget below the thread count is spent exactly. */
        config.threads = 3;
        alphabeta_engine_free(engine);
        engine = NULL;
        CHECK_STATUS(alphabeta_mcts_new(&config, 100000, &engine), ALPHABETA_OK);
        if (engine == NULL) {
            return;
        }
        alphabeta_mcts_limits one = alphabeta_mcts_limits_iterations(1);
        CHECK_STATUS(alphabeta_mcts_search(engine, &t, &one, &r, NULL, 0, NULL, 0), ALPHABETA_OK);
        CHECK(r.iterations == 1 && restored(&g));
        alphabeta_engine_free(engine);
    }

    /* Root parallelism splits the arena: 5 nodes on 3 threads is below 2 a thread, refused
     * when the engine is made; 10 nodes (3 a thread) cannot hold a root of 3 children and the
     * root, which 10 nodes on one thread, or shared by tree parallelism, can. */
    config = alphabeta_mcts_config_default();
    config.threads = 3;
    engine = NULL;
    CHECK_STATUS(alphabeta_mcts_new(&config, 5, &engine), ALPHABETA_ERROR_ARENA_PER_THREAD);
    CHECK(engine == NULL);
    CHECK_STATUS(alphabeta_mcts_new(&config, 10, &engine), ALPHABETA_OK);
    if (engine == NULL) {
        return;
    }
    game_init(&g, 3, 7);
    t = callbacks(&g);
    t.clone_state = t_clone;
    t.free_state = t_free;
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, NULL, 0, NULL, 0), ALPHABETA_ERROR_ARENA_PER_THREAD);
    CHECK(restored(&g));
    alphabeta_engine_free(engine);
    config.scheme = ALPHABETA_MCTS_TREE_PARALLEL;
    engine = NULL;
    CHECK_STATUS(alphabeta_mcts_new(&config, 5, &engine), ALPHABETA_OK);
    alphabeta_engine_free(engine);
    engine = NULL;
    CHECK_STATUS(alphabeta_mcts_new(&config, 10, &engine), ALPHABETA_OK);
    if (engine == NULL) {
        return;
    }
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, NULL, 0, NULL, 0), ALPHABETA_OK);
    CHECK(restored(&g));
    alphabeta_engine_free(engine);
    config = alphabeta_mcts_config_default();
    engine = NULL;
    CHECK_STATUS(alphabeta_mcts_new(&config, 10, &engine), ALPHABETA_OK);
    if (engine == NULL) {
        return;
    }
    CHECK_STATUS(alphabeta_mcts_search(engine, &t, &limits, &r, NULL, 0, NULL, 0), ALPHABETA_OK);
    alphabeta_engine_free(engine);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) {
        fprintf(stderr, "usage: misuse\n");
        return 2;
    }
    test_version_and_messages();
    test_defaults_and_capacities();
    test_engine_init();
    test_engine_new_and_free();
    test_null_arguments();
    test_null_callbacks();
    test_pv_truncation();
    test_move_counts();
    test_depths_and_windows();
    test_reentrance();
    test_free_during_search();
    test_init_over_busy_engine();
    test_nan();
    test_time_and_info();
    test_stop_from_another_thread();
    test_threads();
    test_null_moves();
    test_root_searches_and_mtdf();
    test_analysis();
    test_selective();
    test_strength_and_node_limits();
    test_chance();
    test_mcts_init();
    test_mcts_search();
    test_mcts_threads();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
