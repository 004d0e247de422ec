/*
 * Dots and Boxes on 3x3 boxes (24 edges) through the C ABI, solved exactly with rewards, and a
 * memoised brute force over every edge set to check it against and to time it with.
 *
 *   dots --solve EDGES       the value of the rest for the side to move, and a best edge
 *                            (EDGES: 24 characters, '1' for a drawn edge, '0' for a free one,
 *                            edge 0 first)
 *   dots --brute EDGES       the same value by the brute force alone
 *   dots --check             a few seeded positions of 12 to 14 free edges: the engine's
 *                            solve, its search and the brute force agree (make check)
 *   dots --bench [RUNS]      the empty board and 5 seeded positions each of 14, 16, 18 and 20
 *                            free edges: engine and brute force, interleaved (A B A B, RUNS
 *                            pairs, default 3), times, nodes and the median of the per-pair
 *                            time ratios; values asserted equal
 *
 * Completing a box scores 1 for its player, who moves again. With rewards (the `reward`
 * callback: 1 for each box the edge completes) the engine works on the value of the rest of
 * the game: the boxes still to come, from the side to move's view. That depends on the edge
 * set alone (not on the score so far, nor on who is to move), so the key is the edge set, and
 * every transposition is one table entry. The brute force computes the same function over
 * all 2^24 edge sets, one signed byte each (16 MiB); the engine's table is 2^20 slots of 16
 * bytes (16 MiB). Both are cleared before each position, outside the timed part.
 *
 * Edges: 12 horizontal (row r of 4, column c of 3: r * 3 + c), then 12 vertical (row r of 3,
 * column c of 4: 12 + r * 4 + c). Box (r, c) has the edges r*3+c, (r+1)*3+c, 12+r*4+c and
 * 12+r*4+c+1. C99 plus POSIX (posix_memalign, clock_gettime).
 */
#define _POSIX_C_SOURCE 200809L

#include <alphabeta.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EDGES 24
#define FULL ((1u << EDGES) - 1u)
#define UNKNOWN (-128)

/* The two boxes each edge borders, as masks of their four edges; an edge on the border has
 * one box, and a second mask of bit 31, never drawn, that no edge set completes. */
#define NO_BOX (1u << 31)
static uint32_t edge_boxes[EDGES][2];

static void init_boxes(void) {
    int r, c, e;
    for (e = 0; e < EDGES; e++) {
        edge_boxes[e][0] = edge_boxes[e][1] = NO_BOX;
    }
    for (r = 0; r < 3; r++) {
        for (c = 0; c < 3; c++) {
            int top = r * 3 + c, bottom = (r + 1) * 3 + c, left = 12 + r * 4 + c;
            uint32_t mask = (1u << top) | (1u << bottom) | (1u << left) | (1u << (left + 1));
            for (e = 0; e < EDGES; e++) {
                if (mask & (1u << e)) {
                    edge_boxes[e][edge_boxes[e][0] != NO_BOX] = mask;
                }
            }
        }
    }
}

/* The boxes drawing `edge` completes in `edges` (0, 1 or 2). */
static int completes(uint32_t edges, int edge) {
    uint32_t after = edges | (1u << edge);
    uint32_t m0 = edge_boxes[edge][0], m1 = edge_boxes[edge][1];
    return ((after & m0) == m0) + ((after & m1) == m1);
}

/* Whether drawing `edge` gives a box its third side (the opponent can take it): three of its
 * four edges drawn, that is at least three bits set and not all four. */
static bool gives_box(uint32_t edges, int edge) {
    uint32_t after = edges | (1u << edge);
    int i;
    for (i = 0; i < 2; i++) {
        uint32_t m = edge_boxes[edge][i], x = after & m, y = x & (x - 1);
        if (m != NO_BOX && x != m && (y & (y - 1)) != 0) {
            return true;
        }
    }
    return false;
}

/* The number of edges drawn. */
static int drawn(uint32_t edges) {
    int n = 0;
    for (; edges != 0; edges &= edges - 1) {
        n++;
    }
    return n;
}

/* ---- The game, as callbacks ---- */

typedef struct {
    uint32_t edges;
    int32_t player;
    int depth;
    int32_t players[EDGES + 1]; /* the player before each move, to take it back */
} dots_game;

static int32_t dots_generate(void *data, uint32_t *moves, int32_t capacity) {
    const dots_game *g = (const dots_game *)data;
    uint32_t free_edges = ~g->edges & FULL;
    uint32_t kinds[3][EDGES];
    int32_t counts[3] = {0, 0, 0}, n = 0, k, i;
    /* Boxes to take first, then edges that give nothing away, then the others. */
    for (; free_edges != 0; free_edges &= free_edges - 1) {
        int e = 0;
        while (!(free_edges & (1u << e))) {
            e++;
        }
        k = completes(g->edges, e) > 0 ? 0 : gives_box(g->edges, e) ? 2 : 1;
        kinds[k][counts[k]++] = (uint32_t)e;
    }
    for (k = 0; k < 3; k++) {
        for (i = 0; i < counts[k]; i++) {
            if (n < capacity) {
                moves[n] = kinds[k][i];
            }
            n++;
        }
    }
    return n;
}

static void dots_make(void *data, uint32_t mv) {
    dots_game *g = (dots_game *)data;
    int scored = completes(g->edges, (int)mv);
    g->players[g->depth++] = g->player;
    g->edges |= 1u << mv;
    if (!scored) {
        g->player ^= 1;
    }
}

static void dots_unmake(void *data, uint32_t mv) {
    dots_game *g = (dots_game *)data;
    g->edges &= ~(1u << mv);
    g->player = g->players[--g->depth];
}

static int32_t dots_reward(void *data, uint32_t mv) {
    const dots_game *g = (const dots_game *)data;
    return completes(g->edges, (int)mv);
}

/* The value of the rest where the game ends: every box is taken, nothing is left. */
static int32_t dots_evaluate(void *data, int32_t player, uint32_t ply, uint32_t depth_left) {
    (void)data, (void)player, (void)ply, (void)depth_left;
    return 0;
}

/* The edge set alone, mixed so that the table's index bits see every edge. */
static uint64_t dots_key(void *data) {
    const dots_game *g = (const dots_game *)data;
    return (uint64_t)g->edges * UINT64_C(0x9E3779B97F4A7C15);
}

static int32_t dots_side(void *data) { return ((const dots_game *)data)->player; }

static bool dots_terminal(void *data) { return ((const dots_game *)data)->edges == FULL; }

/* ---- The memoised brute force: the value of the rest of every edge set ---- */

static int8_t *memo;
static uint64_t brute_nodes;

static int brute(uint32_t edges) {
    int best = -100, e;
    if (memo[edges] != UNKNOWN) {
        return memo[edges];
    }
    brute_nodes++;
    if (edges == FULL) {
        best = 0;
    }
    for (e = 0; e < EDGES; e++) {
        if (!(edges & (1u << e))) {
            int gain = completes(edges, e);
            int rest = brute(edges | (1u << e));
            int value = gain > 0 ? gain + rest : -rest;
            if (value > best) {
                best = value;
            }
        }
    }
    memo[edges] = (int8_t)best;
    return best;
}

/* ---- Timing, positions ---- */

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t rng_state = UINT64_C(0x2545F4914F6CDD1D);

static uint64_t rng_next(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* A seeded edge set with `free_count` free edges. */
static uint32_t random_position(int free_count) {
    uint32_t edges = 0;
    while (EDGES - drawn(edges) > free_count) {
        edges |= 1u << (rng_next() % EDGES);
    }
    return edges;
}

static int parse_edges(const char *text, uint32_t *edges) {
    int e;
    if (strlen(text) != EDGES) {
        return 0;
    }
    *edges = 0;
    for (e = 0; e < EDGES; e++) {
        if (text[e] == '1') {
            *edges |= 1u << e;
        } else if (text[e] != '0') {
            return 0;
        }
    }
    return 1;
}

/* ---- The engine ---- */

static alphabeta_engine *engine;
static alphabeta_game callbacks;
static dots_game game;

static alphabeta_status engine_solve(uint32_t edges, alphabeta_solution *s) {
    game.edges = edges;
    game.player = 0;
    game.depth = 0;
    /* The value of the rest lies within the boxes still free. */
    return alphabeta_solve_between(engine, &callbacks, -9, 9, NULL, s);
}

static void clear_memo(void) { memset(memo, UNKNOWN, (size_t)1 << EDGES); }

/* The brute force's value of drawing `edge` in `edges`. */
static int move_value(uint32_t edges, int edge) {
    int gain = completes(edges, edge);
    int rest = brute(edges | (1u << edge));
    return gain > 0 ? gain + rest : -rest;
}

static int failures;

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (!(cond)) {                                                     \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);         \
            failures++;                                                    \
        }                                                                  \
    } while (0)

static int check(void) {
    int k, i, positions = 0;
    for (k = 12; k <= 14; k++) {
        for (i = 0; i < 4; i++) {
            uint32_t edges = random_position(k);
            alphabeta_solution s;
            alphabeta_result r;
            alphabeta_limits limits = alphabeta_limits_depth((uint32_t)k);
            int value;
            clear_memo();
            value = brute(edges);
            alphabeta_engine_clear_table(engine);
            CHECK(engine_solve(edges, &s) == ALPHABETA_OK);
            CHECK(s.exact && s.value == value && s.has_best_move);
            CHECK(move_value(edges, (int)s.best_move) == value);
            /* The iterative-deepening search to the end agrees, on a fresh table. */
            alphabeta_engine_clear_table(engine);
            CHECK(alphabeta_search(engine, &callbacks, &limits, &r, NULL, 0) == ALPHABETA_OK);
            CHECK(r.score == value && move_value(edges, (int)r.best_move) == value);
            CHECK(game.edges == edges && game.depth == 0);
            printf("free %d edges %06x value %d nodes %llu\n", k, (unsigned)edges, value,
                   (unsigned long long)s.nodes);
            positions++;
        }
    }
    printf("positions %d failures %d\n", positions, failures);
    return failures == 0 ? 0 : 1;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int n) {
    qsort(values, (size_t)n, sizeof *values, compare_doubles);
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

/* Each position `runs` times, engine then brute force (A B A B), each from a cleared table
 * or memo (cleared outside the timed part); the medians of the times and of the per-pair
 * ratios engine / brute force. Then, per free-edge count, the median of the positions'
 * ratios. */
static int bench(int runs) {
    static const int frees[] = {24, 20, 18, 16, 14};
    int f, i, run;
    printf("free edges  value engine_s  brute_s   engine_nodes brute_nodes ratio\n");
    for (f = 0; f < (int)(sizeof frees / sizeof frees[0]); f++) {
        int count = frees[f] == 24 ? 1 : 5;
        double group[5];
        for (i = 0; i < count; i++) {
            uint32_t edges = frees[f] == 24 ? 0 : random_position(frees[f]);
            double engine_s[64], brute_s[64], ratio[64];
            alphabeta_solution s;
            int value = 0;
            for (run = 0; run < runs; run++) {
                double t;
                alphabeta_engine_clear_table(engine);
                t = now_seconds();
                if (engine_solve(edges, &s) != ALPHABETA_OK || !s.exact) {
                    printf("error: the engine did not solve %06x\n", (unsigned)edges);
                    return 1;
                }
                engine_s[run] = now_seconds() - t;
                clear_memo();
                brute_nodes = 0;
                t = now_seconds();
                value = brute(edges);
                brute_s[run] = now_seconds() - t;
                if (value != s.value || move_value(edges, (int)s.best_move) != value) {
                    printf("error: %06x: engine %d (best %u), brute force %d\n", (unsigned)edges,
                           (int)s.value, s.best_move, value);
                    return 1;
                }
                ratio[run] = engine_s[run] / brute_s[run];
            }
            group[i] = median(ratio, runs);
            printf("%4d %06x %6d %9.4f %9.4f %12llu %11llu %6.2f\n", frees[f], (unsigned)edges,
                   value, median(engine_s, runs), median(brute_s, runs),
                   (unsigned long long)s.nodes, (unsigned long long)brute_nodes, group[i]);
        }
        printf("free %d: median ratio engine / brute force %.2f over %d position%s\n", frees[f],
               median(group, count), count, count == 1 ? "" : "s");
    }
    printf("memory: engine table 16 MiB (2^20 slots of 16 bytes), brute force 16 MiB (2^24 "
           "bytes)\n");
    return 0;
}

int main(int argc, char **argv) {
    alphabeta_config config = alphabeta_config_default();
    void *engine_memory = NULL, *table_memory = NULL;
    size_t engine_align, table_bytes;
    alphabeta_status status;
    int code = 1;

    /* Value-preserving (Config::value_preserving()): no LMR, no quiescence, no null move, so
     * that --check's search to the end is exact too. (The solver reads none of these.) */
    config.lmr = false;
    config.quiescence = false;
    config.null_move = false;
    init_boxes();
    memo = (int8_t *)malloc((size_t)1 << EDGES);
    engine_align = alphabeta_engine_align();
    if (engine_align < sizeof(void *)) {
        engine_align = sizeof(void *);
    }
    /* 2^20 slots of 16 bytes: 16 MiB, as the brute force's 2^24 bytes. */
    table_bytes = ((size_t)1 << 20) * alphabeta_table_slot_size(ALPHABETA_SCORE_INT32);
    if (memo == NULL ||
        posix_memalign(&engine_memory, engine_align, alphabeta_engine_size()) != 0 ||
        posix_memalign(&table_memory, 64, table_bytes) != 0) {
        fprintf(stderr, "error: out of memory\n");
        return 1;
    }
    status = alphabeta_engine_init(engine_memory, alphabeta_engine_size(), &config, table_memory,
                                   table_bytes, &engine);
    if (status != ALPHABETA_OK) {
        fprintf(stderr, "error: alphabeta_engine_init: %s\n", alphabeta_status_message(status));
        return 1;
    }
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.user_data = &game;
    callbacks.generate_moves = dots_generate;
    callbacks.make_move = dots_make;
    callbacks.unmake_move = dots_unmake;
    callbacks.evaluate = dots_evaluate;
    callbacks.zobrist_key = dots_key;
    callbacks.side_to_move = dots_side;
    callbacks.is_terminal = dots_terminal;
    callbacks.reward = dots_reward;

    if (argc == 3 && strcmp(argv[1], "--solve") == 0) {
        uint32_t edges;
        alphabeta_solution s;
        if (!parse_edges(argv[2], &edges)) {
            fprintf(stderr, "error: EDGES is 24 characters of 0 and 1\n");
        } else if ((status = engine_solve(edges, &s)) != ALPHABETA_OK) {
            fprintf(stderr, "error: alphabeta_solve: %s\n", alphabeta_status_message(status));
        } else {
            printf("value %d best %u nodes %llu\n", (int)s.value, s.has_best_move ? s.best_move : 0,
                   (unsigned long long)s.nodes);
            code = 0;
        }
    } else if (argc == 3 && strcmp(argv[1], "--brute") == 0) {
        uint32_t edges;
        if (!parse_edges(argv[2], &edges)) {
            fprintf(stderr, "error: EDGES is 24 characters of 0 and 1\n");
        } else {
            int value;
            clear_memo();
            value = brute(edges);
            printf("value %d nodes %llu\n", value, (unsigned long long)brute_nodes);
            code = 0;
        }
    } else if (argc == 2 && strcmp(argv[1], "--check") == 0) {
        code = check();
    } else if ((argc == 2 || argc == 3) && strcmp(argv[1], "--bench") == 0) {
        int runs = argc == 3 ? atoi(argv[2]) : 3;
        code = bench(runs < 1 ? 1 : runs > 64 ? 64 : runs);
    } else {
        fprintf(stderr, "usage: dots --solve EDGES | --brute EDGES | --check | --bench [RUNS]\n");
    }
    /* An engine in our own memory needs no call to end it: free the memory. */
    free(engine_memory);
    free(table_memory);
    free(memo);
    return code;
}
