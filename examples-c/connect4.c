/*
 * Solves Connect Four positions exactly through the C API and checks them against Pascal
 * Pons' benchmark sets: the C twin of the Rust example `examples/connect4.rs`.
 *
 *     target/examples-c/connect4 tests/data/connect4/Test_L3_R1
 *     echo "2252576253462244111563365343671351441 -1" | target/examples-c/connect4
 *
 * Input: one position per line, `<moves> [<score>]`: the columns played (digits 1-7) and,
 * optionally, the expected score in Pons' definition (see tests/data/connect4/README.md).
 * Output: per position its line, score, a best column (1-7, or - when the game is over),
 * nodes and microseconds, then one summary line
 * `positions N mismatches M mean_us X mean_nodes Y`, exactly as the Rust example prints them
 * (the node counts are the same too). A line that is not a legal position is reported with
 * its line number on stderr and skipped. The exit code is 1 when a score mismatched or a line
 * was skipped, 0 otherwise.
 *
 * The game model is the Rust `Connect4Solver` (src/games/connect4.rs) after Pons' tutorial:
 * bitboards; decided positions are terminal (a win next ply, every move losing, two cells
 * left); only moves that do not lose at once, ordered by the threats they create, then centre
 * first; mate distance bounds 3 (win) and 4 (loss). The driver is Pons' null-window binary
 * search (`solve` in the same file) over `alphabeta_solve_window`, the exact solver's test. The engine is configured
 * as `SOLVER_CONFIG` / `SOLVER_ORDERING` and lives, with its 16 MiB table (2^20 slots), in
 * memory this program allocates (`alphabeta_engine_init`). The table and the history are
 * cleared before every position, outside the timed part.
 *
 * C99 plus POSIX (clock_gettime, getline, posix_memalign).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alphabeta.h"
#include "connect4_board.h"

/* ---------------------------------------------------------------------------------------
 * The solver's game model, as callbacks: copy-make on a stack of solver states. */

typedef struct {
    solver_state stack[CELLS + 2];
    int top;
} solver_game;


static int32_t c4_generate_moves(void *user_data, uint32_t *moves, int32_t capacity) {
    const solver_game *g = (const solver_game *)user_data;
    const solver_state *s = &g->stack[g->top];
    int scores[WIDTH];
    uint32_t cols[WIDTH];
    int count = 0, i;
    for (i = 0; i < WIDTH; i++) {
        int col = CENTRE_FIRST[i];
        if (s->non_losing & COLUMN_MASK(col)) {
            /* Insertion sort: more threats first, centre first among equals. */
            int score = threats_after(&s->pos, col);
            int j = count;
            while (j > 0 && scores[j - 1] < score) {
                scores[j] = scores[j - 1];
                cols[j] = cols[j - 1];
                j--;
            }
            scores[j] = score;
            cols[j] = (uint32_t)col;
            count++;
        }
    }
    for (i = 0; i < count && i < capacity; i++) {
        moves[i] = cols[i];
    }
    return count;
}

static void c4_make_move(void *user_data, uint32_t mv) {
    solver_game *g = (solver_game *)user_data;
    solver_state *next = &g->stack[g->top + 1];
    next->pos = g->stack[g->top].pos;
    play(&next->pos, (int)mv);
    /* A generated move never lets the opponent win at once and is never played where the
     * mover could have won at once (that position is terminal): only the non-losing cells
     * need computing. */
    next->won = false;
    next->can_win_next = false;
    next->non_losing = non_losing_cells(&next->pos);
    g->top++;
}

static void c4_unmake_move(void *user_data, uint32_t mv) {
    (void)mv;
    ((solver_game *)user_data)->top--;
}

static int32_t c4_evaluate(void *user_data, int32_t player, uint32_t ply, uint32_t depth_left) {
    const solver_game *g = (const solver_game *)user_data;
    const solver_state *s = &g->stack[g->top];
    int32_t for_mover;
    (void)depth_left;
    if (s->won) {
        for_mover = loss_in(ply);
    } else if (s->can_win_next) {
        for_mover = win_in(ply + 1);
    } else if (s->non_losing == 0) {
        for_mover = loss_in(ply + 2);
    } else {
        for_mover = 0; /* a draw, or an open position */
    }
    return player == (int32_t)(s->pos.moves % 2) ? for_mover : -for_mover;
}

static uint64_t c4_zobrist_key(void *user_data) {
    const solver_game *g = (const solver_game *)user_data;
    /* current + mask is unique per position (Pons). */
    return g->stack[g->top].pos.current + g->stack[g->top].pos.mask;
}

static int32_t c4_side_to_move(void *user_data) {
    const solver_game *g = (const solver_game *)user_data;
    return (int32_t)(g->stack[g->top].pos.moves % 2);
}

static bool c4_is_terminal(void *user_data) {
    const solver_game *g = (const solver_game *)user_data;
    const solver_state *s = &g->stack[g->top];
    return s->won || s->can_win_next || s->non_losing == 0 || s->pos.moves >= CELLS - 2;
}

static uint32_t c4_min_plies_to_win(void *user_data) {
    (void)user_data;
    return 3; /* no stone wins at once here (that position is terminal) */
}

static uint32_t c4_min_plies_to_loss(void *user_data) {
    (void)user_data;
    return 4; /* only non-losing moves are generated */
}

/* ---------------------------------------------------------------------------------------
 * Pons' null-window driver (`solve` in src/games/connect4.rs). */

/* Pons' score of a root score of a position with `n` stones. */
static int pons_score(int32_t score, uint32_t n) {
    int32_t threshold = WIN - MAX_MATE_PLY;
    if (score >= threshold && score <= WIN) {
        int d = WIN - score;
        return (44 - (int)n - d) / 2;
    }
    if (score >= -WIN && score <= -threshold) {
        int d = WIN + score;
        return -((44 - (int)n - d) / 2);
    }
    return 0;
}

/* The smallest engine score whose Pons score is at least `s`, at a root with `n` stones. */
static int32_t engine_threshold(int s, uint32_t n) {
    int k;
    if (s >= 1) {
        k = 44 - (int)n - 2 * s;
        return win_in((uint32_t)(k > 0 ? k : 0));
    }
    if (s == 0) {
        return 0;
    }
    k = 43 - (int)n + 2 * s;
    return loss_in((uint32_t)(k > 0 ? k : 0));
}

typedef struct {
    int score;
    int best; /* a column (0-6) that achieves the score, -1 when the game is over */
    uint64_t nodes;
    unsigned searches;
} solution;

/* A best column of a position the solver does not search (decided, or two cells left): a
 * winning column, else one that does not lose at once, else any playable one, centre first;
 * -1 when the game is over. The Rust `decided_move`. */
static int decided_move(const position *p) {
    uint64_t kinds[3];
    int k, i;
    if (is_won(p)) {
        return -1;
    }
    kinds[2] = playable_cells(p);
    kinds[0] = winning_cells(p->current, p->mask) & kinds[2];
    kinds[1] = non_losing_cells(p);
    for (k = 0; k < 3; k++) {
        for (i = 0; i < WIDTH; i++) {
            if (kinds[k] & COLUMN_MASK(CENTRE_FIRST[i])) {
                return CENTRE_FIRST[i];
            }
        }
    }
    return -1;
}

static alphabeta_status solve(alphabeta_engine *engine, const alphabeta_game *callbacks,
                              solver_game *game, position pos, solution *out) {
    uint32_t n = pos.moves;
    uint32_t depth = CELLS - n;
    alphabeta_window_result r;
    alphabeta_status status;
    int min, max;

    game->top = 0;
    game->stack[0] = solver_state_new(pos);
    out->score = 0;
    out->best = -1;
    out->nodes = 0;
    out->searches = 0;
    if (c4_is_terminal(game) || depth == 0) {
        status = alphabeta_solve_window(engine, callbacks, -INT32_MAX, INT32_MAX, &r);
        if (status != ALPHABETA_OK) {
            return status;
        }
        out->score = pons_score(r.score, n);
        out->best = decided_move(&pos);
        out->nodes = r.nodes;
        out->searches = 1;
        return ALPHABETA_OK;
    }
    /* Pons' initial range: the whole score range of the position. */
    min = -(int)(CELLS - n) / 2;
    max = (int)(CELLS + 1 - n) / 2;
    while (min < max) {
        int med = min + (max - min) / 2;
        int32_t beta;
        /* Probe near 0 first: most positions are close to a draw. */
        if (med <= 0 && min / 2 < med) {
            med = min / 2;
        } else if (med >= 0 && max / 2 > med) {
            med = max / 2;
        }
        beta = engine_threshold(med + 1, n);
        status = alphabeta_solve_window(engine, callbacks, beta - 1, beta, &r);
        if (status != ALPHABETA_OK) {
            return status;
        }
        out->nodes += r.nodes;
        out->searches += 1;
        if (r.score >= beta) {
            min = med + 1;
            /* The move proving "at least med + 1": the last such proof is of the score. */
            out->best = r.has_best_move ? (int)r.best_move : -1;
        } else {
            max = med;
        }
    }
    out->score = min;
    if (out->best < 0) {
        out->best = decided_move(&pos);
    }
    return ALPHABETA_OK;
}

/* ---------------------------------------------------------------------------------------
 * Input and the main loop. */

/* Monotonic microseconds since the first call (the Rust example's StdClock). */
static uint64_t now_micros(void) {
    static struct timespec origin;
    static bool started = false;
    struct timespec t;
    int64_t nanos;
    clock_gettime(CLOCK_MONOTONIC, &t);
    if (!started) {
        origin = t;
        started = true;
    }
    nanos = (int64_t)(t.tv_sec - origin.tv_sec) * 1000000000 + (int64_t)(t.tv_nsec - origin.tv_nsec);
    return (uint64_t)(nanos / 1000);
}

/* Parses Pons' move string into `pos`; on failure prints why and returns false. */
static bool from_moves(const char *moves, position *pos, unsigned long line_number) {
    size_t i;
    pos->current = 0;
    pos->mask = 0;
    pos->moves = 0;
    for (i = 0; moves[i] != '\0'; i++) {
        char c = moves[i];
        int col;
        if (c < '1' || c > '7') {
            fprintf(stderr, "line %lu: skipped: move %zu is '%c', not a column 1-7\n",
                    line_number, i + 1, c);
            return false;
        }
        col = c - '1';
        if (is_won(pos)) {
            fprintf(stderr, "line %lu: skipped: move %zu is played after the game was won\n",
                    line_number, i + 1);
            return false;
        }
        if (!can_play(pos, col)) {
            fprintf(stderr, "line %lu: skipped: move %zu plays in column %d, which is full\n",
                    line_number, i + 1, col + 1);
            return false;
        }
        play(pos, col);
    }
    return true;
}

/* A whitespace-separated field of `*cursor`, NUL-terminated in place (NULL: none left). */
static char *next_field(char **cursor) {
    char *s = *cursor, *start;
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n' || *s == '\v' || *s == '\f') {
        s++;
    }
    if (*s == '\0') {
        *cursor = s;
        return NULL;
    }
    start = s;
    while (*s != '\0' && !(*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n' || *s == '\v' ||
                           *s == '\f')) {
        s++;
    }
    if (*s != '\0') {
        *s++ = '\0';
    }
    *cursor = s;
    return start;
}

/* An int32 in decimal (an optional sign, digits only), as Rust's `str::parse::<i32>`. */
static bool parse_i32(const char *text, int32_t *out) {
    char *end;
    long value;
    if (text[0] == '\0' || !(text[0] == '+' || text[0] == '-' || (text[0] >= '0' && text[0] <= '9'))) {
        return false;
    }
    errno = 0;
    value = strtol(text, &end, 10);
    if (*end != '\0' || end == text || errno == ERANGE || value < INT32_MIN || value > INT32_MAX) {
        return false;
    }
    *out = (int32_t)value;
    return true;
}

int main(int argc, char **argv) {
    FILE *input = stdin;
    alphabeta_config config;
    alphabeta_game callbacks;
    alphabeta_engine *engine = NULL;
    alphabeta_status status;
    void *engine_memory = NULL, *table_memory = NULL;
    size_t engine_align, table_bytes;
    solver_game *game;
    char *line = NULL;
    size_t line_capacity = 0;
    unsigned long line_number = 0;
    uint64_t positions = 0, mismatches = 0, skipped = 0, total_us = 0, total_nodes = 0;
    int exit_code;

    if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        printf("usage: connect4 [FILE]   (reads `moves [score]` lines; stdin without FILE)\n");
        return 0;
    }
    if (argc > 2) {
        fprintf(stderr, "error: usage: connect4 [FILE]\n");
        return 1;
    }
    if (argc == 2) {
        input = fopen(argv[1], "r");
        if (input == NULL) {
            fprintf(stderr, "error: %s: %s\n", argv[1], strerror(errno));
            return 1;
        }
    }

    /* SOLVER_CONFIG (Config::value_preserving(): no LMR, no quiescence) and SOLVER_ORDERING
     * (of the default sorter only the table move). */
    config = alphabeta_config_default();
    config.lmr = false;
    config.quiescence = false;
    config.order_pv_move = false;
    config.order_tt_move = true;
    config.order_tactical = false;
    config.order_killers = false;
    config.order_history = false;

    /* The engine and its 2^20-slot (16 MiB) table in memory of our own. */
    engine_align = alphabeta_engine_align();
    if (engine_align < sizeof(void *)) {
        engine_align = sizeof(void *);
    }
    table_bytes = ((size_t)1 << 20) * alphabeta_table_slot_size(ALPHABETA_SCORE_INT32);
    game = (solver_game *)malloc(sizeof *game);
    if (game == NULL || posix_memalign(&engine_memory, engine_align, alphabeta_engine_size()) != 0 ||
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

    memset(&callbacks, 0, sizeof callbacks); /* the optional callbacks NULL */
    callbacks.user_data = game;
    callbacks.generate_moves = c4_generate_moves;
    callbacks.make_move = c4_make_move;
    callbacks.unmake_move = c4_unmake_move;
    callbacks.evaluate = c4_evaluate;
    callbacks.zobrist_key = c4_zobrist_key;
    callbacks.side_to_move = c4_side_to_move;
    callbacks.is_terminal = c4_is_terminal;
    callbacks.min_plies_to_win = c4_min_plies_to_win;
    callbacks.min_plies_to_loss = c4_min_plies_to_loss;

    (void)now_micros();
    for (;;) {
        char *cursor, *moves, *score_text;
        int32_t expected = 0;
        bool has_expected = false;
        position pos;
        solution sol;
        uint64_t start, micros;

        errno = 0;
        if (getline(&line, &line_capacity, input) < 0) {
            if (ferror(input)) {
                fprintf(stderr, "error: line %lu: %s\n", line_number + 1, strerror(errno));
                skipped++;
            }
            break;
        }
        line_number++;
        cursor = line;
        moves = next_field(&cursor);
        if (moves == NULL) {
            continue;
        }
        score_text = next_field(&cursor);
        if (score_text != NULL) {
            if (!parse_i32(score_text, &expected)) {
                fprintf(stderr, "line %lu: skipped: the score is not an integer\n", line_number);
                skipped++;
                continue;
            }
            has_expected = true;
        }
        if (next_field(&cursor) != NULL) {
            fprintf(stderr, "line %lu: skipped: expected `moves [score]`\n", line_number);
            skipped++;
            continue;
        }
        if (!from_moves(moves, &pos, line_number)) {
            skipped++;
            continue;
        }
        if (is_won(&pos)) {
            fprintf(stderr, "line %lu: skipped: the game is already over\n", line_number);
            skipped++;
            continue;
        }

        /* Every position starts from a cleared table and no history (not timed). */
        alphabeta_engine_clear_table(engine);
        alphabeta_engine_clear_history(engine);
        start = now_micros();
        status = solve(engine, &callbacks, game, pos, &sol);
        micros = now_micros() - start;
        if (status != ALPHABETA_OK) {
            fprintf(stderr, "line %lu: skipped: %s\n", line_number, alphabeta_status_message(status));
            skipped++;
            continue;
        }
        printf("line %lu score %d best ", line_number, sol.score);
        if (sol.best < 0) {
            printf("-");
        } else {
            printf("%d", sol.best + 1);
        }
        printf(" nodes %" PRIu64 " us %" PRIu64, sol.nodes, micros);
        if (has_expected && expected != sol.score) {
            mismatches++;
            printf(" MISMATCH expected %" PRId32, expected);
        }
        printf("\n");
        positions++;
        total_us += micros;
        total_nodes += sol.nodes;
    }

    printf("positions %" PRIu64 " mismatches %" PRIu64 " mean_us %.1f mean_nodes %.1f\n", positions,
           mismatches, positions == 0 ? 0.0 : (double)total_us / (double)positions,
           positions == 0 ? 0.0 : (double)total_nodes / (double)positions);
    exit_code = (mismatches > 0 || skipped > 0) ? 1 : 0;

    /* An engine in our own memory needs no call to end it: free the memory. */
    free(line);
    free(table_memory);
    free(engine_memory);
    free(game);
    if (input != stdin) {
        fclose(input);
    }
    return exit_code;
}
