/*
 * Tic-tac-toe through the C API: play against the engine, or solve a board. The C twin of
 * the Rust example `examples/tictactoe.rs`, with the same output.
 *
 *     target/examples-c/tictactoe                    # you are X, the engine O
 *     target/examples-c/tictactoe --engine-first
 *     target/examples-c/tictactoe --solve XX.OO....  # value 1 best 2
 *     target/examples-c/tictactoe --engine mcts --iterations 2000
 *
 * Cells are numbered 0-8, row by row, in play and in `--solve` alike. `--solve BOARD` takes
 * 9 characters (`X`, `O`, `.`, row by row) and prints the value for the side to move (1 win,
 * 0 draw, -1 loss) and every best move:
 * `value 1 best 2,4,5`; a finished game prints `value V best -`.
 *
 * `--engine mcts` plays (or solves) with Monte Carlo tree search instead: MCTS-Solver with
 * `--iterations N` iterations per move (default 20000), keeping its tree between moves
 * (`alphabeta_mcts_play`); its `--solve` prints the proven value (`?` when the budget proved
 * nothing) and its one move, `value 1 best 2`. Same seed, same budget: the same moves and
 * iteration counts as the Rust example.
 *
 * The engines live in static buffers (`alphabeta_engine_init`, `alphabeta_mcts_init` with a
 * static arena: no heap, the way a microcontroller would hold them), with the default
 * configurations and int32 scores, no table. Plain C99.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alphabeta.h"

#define FULL 0x1ffu

/* The eight lines of three cells, as bit masks over cells 0..8. */
static const uint16_t LINES[8] = {0x007, 0x038, 0x1c0, 0x049, 0x092, 0x124, 0x111, 0x054};

enum { MARK_X = 0, MARK_O = 1, NO_MARK = -1 };

typedef struct {
    uint16_t marks[2]; /* bit i: cell i holds X (marks[0]) or O (marks[1]) */
    int to_move;       /* MARK_X or MARK_O */
} board;

/* Zobrist keys: 2 marks on 9 cells and 2 sides to move, from a fixed seed (splitmix64). */
static uint64_t piece_keys[2][9];
static uint64_t side_keys[2];

static uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static void init_keys(void) {
    uint64_t state = 0x71077ac7u;
    int mark, cell;
    for (mark = 0; mark < 2; mark++) {
        for (cell = 0; cell < 9; cell++) {
            piece_keys[mark][cell] = splitmix64(&state);
        }
    }
    side_keys[0] = splitmix64(&state);
    side_keys[1] = splitmix64(&state);
}

static bool has_line(uint16_t marks) {
    int i;
    for (i = 0; i < 8; i++) {
        if ((LINES[i] & marks) == LINES[i]) {
            return true;
        }
    }
    return false;
}

static int winner(const board *b) {
    if (has_line(b->marks[MARK_X])) {
        return MARK_X;
    }
    if (has_line(b->marks[MARK_O])) {
        return MARK_O;
    }
    return NO_MARK;
}

static bool is_full(const board *b) {
    return (b->marks[0] | b->marks[1]) == FULL;
}

static int cell_mark(const board *b, int cell) {
    if (b->marks[MARK_X] & (1u << cell)) {
        return MARK_X;
    }
    if (b->marks[MARK_O] & (1u << cell)) {
        return MARK_O;
    }
    return NO_MARK;
}

/* ---- the callbacks ---- */

static int32_t ttt_generate_moves(void *user_data, uint32_t *moves, int32_t capacity) {
    const board *b = (const board *)user_data;
    unsigned free_cells = FULL & ~(unsigned)(b->marks[0] | b->marks[1]);
    int32_t count = 0;
    uint32_t cell;
    for (cell = 0; cell < 9; cell++) {
        if (free_cells & (1u << cell)) {
            if (count < capacity) {
                moves[count] = cell;
            }
            count++;
        }
    }
    return count;
}

static void ttt_make_move(void *user_data, uint32_t cell) {
    board *b = (board *)user_data;
    b->marks[b->to_move] = (uint16_t)(b->marks[b->to_move] | (1u << cell));
    b->to_move = 1 - b->to_move;
}

static void ttt_unmake_move(void *user_data, uint32_t cell) {
    board *b = (board *)user_data;
    b->to_move = 1 - b->to_move;
    b->marks[b->to_move] = (uint16_t)(b->marks[b->to_move] & ~(1u << cell));
}

static int32_t ttt_evaluate(void *user_data, int32_t player, uint32_t ply, uint32_t depth_left) {
    int w = winner((const board *)user_data);
    (void)depth_left;
    if (w == NO_MARK) {
        return 0;
    }
    /* A win `ply` plies from the root is ALPHABETA_WIN - ply; a loss its negation. */
    return w == player ? ALPHABETA_WIN_IN(ply) : ALPHABETA_LOSS_IN(ply);
}

static uint64_t ttt_zobrist_key(void *user_data) {
    const board *b = (const board *)user_data;
    uint64_t key = side_keys[b->to_move];
    int cell;
    for (cell = 0; cell < 9; cell++) {
        int mark = cell_mark(b, cell);
        if (mark != NO_MARK) {
            key ^= piece_keys[mark][cell];
        }
    }
    return key;
}

static int32_t ttt_side_to_move(void *user_data) {
    return ((const board *)user_data)->to_move;
}

static bool ttt_is_terminal(void *user_data) {
    const board *b = (const board *)user_data;
    return is_full(b) || winner(b) != NO_MARK;
}

static alphabeta_game game_of(board *b) {
    alphabeta_game g;
    memset(&g, 0, sizeof g); /* the optional callbacks NULL */
    g.user_data = b;
    g.generate_moves = ttt_generate_moves;
    g.make_move = ttt_make_move;
    g.unmake_move = ttt_unmake_move;
    g.evaluate = ttt_evaluate;
    g.zobrist_key = ttt_zobrist_key;
    g.side_to_move = ttt_side_to_move;
    g.is_terminal = ttt_is_terminal;
    return g;
}

/* ---- the engines, in static buffers ---- */

/* Room for an engine of the library, sized and aligned at compile time by the header for its
 * capacities (alphabeta_engine_init checks the size it is given). */
static alphabeta_engine_storage engine_memory;

/* Monte Carlo tree search: its arena of 100,000 nodes (2.4 MB of .bss), more than a search
 * of the default budget fills (the Rust example has as many). */
#define ARENA_NODES 100000
static alphabeta_mcts_node_storage arena[ARENA_NODES];

/* `mcts`: the Monte Carlo engine (MCTS-Solver, tree reuse); otherwise alpha-beta. */
static alphabeta_engine *make_engine(bool mcts) {
    alphabeta_engine *engine = NULL;
    alphabeta_status status;
    if (!ALPHABETA_CAPACITIES_MATCH()) {
        fprintf(stderr, "error: the header says %d moves and %d plies, the library %lu and %lu\n",
                (int)ALPHABETA_MAX_MOVES, (int)ALPHABETA_MAX_PLY,
                (unsigned long)alphabeta_max_moves(), (unsigned long)alphabeta_max_ply());
        return NULL;
    }
    if (mcts) {
        alphabeta_mcts_config config = alphabeta_mcts_config_default();
        config.tree_reuse = true;
        status = alphabeta_mcts_init(&engine_memory, sizeof engine_memory, &config, arena,
                                     sizeof arena, &engine);
    } else {
        /* NULL: the default configuration; NULL, 0: no transposition table. */
        status =
            alphabeta_engine_init(&engine_memory, sizeof engine_memory, NULL, NULL, 0, &engine);
    }
    if (status != ALPHABETA_OK) {
        fprintf(stderr, "error: %s: %s\n", mcts ? "alphabeta_mcts_init" : "alphabeta_engine_init",
                alphabeta_status_message(status));
        return NULL;
    }
    return engine;
}

/* A Monte Carlo search of `b` with `iterations` iterations (no buffers: the result says it). */
static alphabeta_status mcts_search(alphabeta_engine *engine, board *b, uint64_t iterations,
                                    alphabeta_mcts_result *result) {
    alphabeta_game g = game_of(b);
    alphabeta_mcts_limits limits = alphabeta_mcts_limits_iterations(iterations);
    return alphabeta_mcts_search(engine, &g, &limits, result, NULL, 0, NULL, 0);
}

static const char *outcome_name(int32_t outcome) {
    return outcome > 0 ? "win" : outcome < 0 ? "loss" : "draw";
}

/* A full-depth search of `b` (9 plies reach every end). */
static alphabeta_status search(alphabeta_engine *engine, board *b, alphabeta_result *result) {
    alphabeta_game g = game_of(b);
    alphabeta_limits limits = alphabeta_limits_depth(9);
    uint32_t pv[9];
    alphabeta_status status = alphabeta_search(engine, &g, &limits, result, pv, 9);
    return status == ALPHABETA_ERROR_PV_TRUNCATED ? ALPHABETA_OK : status;
}

/* ---- solve ---- */

static int sign(int32_t score) {
    return (score > 0) - (score < 0);
}

/* The value of a finished game for the side to move. */
static int terminal_value(const board *b) {
    int w = winner(b);
    if (w == NO_MARK) {
        return 0;
    }
    return w == b->to_move ? 1 : -1;
}

static bool parse_board(const char *cells, board *b) {
    size_t length = strlen(cells), i;
    int x, o;
    if (length != 9) {
        fprintf(stderr, "error: \"%s\": a board has 9 cells, this one has %lu character%s\n", cells,
                (unsigned long)length, length == 1 ? "" : "s");
        return false;
    }
    b->marks[0] = b->marks[1] = 0;
    for (i = 0; i < 9; i++) {
        switch (cells[i]) {
        case 'X':
        case 'x':
            b->marks[MARK_X] = (uint16_t)(b->marks[MARK_X] | (1u << i));
            break;
        case 'O':
        case 'o':
            b->marks[MARK_O] = (uint16_t)(b->marks[MARK_O] | (1u << i));
            break;
        case '.':
            break;
        default:
            fprintf(stderr, "error: \"%s\": cell %lu is '%c'; cells are 'X', 'O' or '.'\n", cells,
                    (unsigned long)i, cells[i]);
            return false;
        }
    }
    x = 0;
    o = 0;
    for (i = 0; i < 9; i++) {
        x += (b->marks[MARK_X] >> i) & 1;
        o += (b->marks[MARK_O] >> i) & 1;
    }
    if (x != o && x != o + 1) {
        fprintf(stderr,
                "error: \"%s\": X has %d marks and O has %d; X moves first, so X has as many as "
                "O or one more\n",
                cells, x, o);
        return false;
    }
    b->to_move = x == o ? MARK_X : MARK_O;
    /* Only the side that just moved (not the one to move) can have a line. */
    if (has_line(b->marks[b->to_move])) {
        fprintf(stderr,
                "error: \"%s\": no game reaches this board: play went on after three in a row\n",
                cells);
        return false;
    }
    return true;
}

/* `iterations` > 0: the Monte Carlo engine's proven value and move. */
static int solve_command(const char *cells, uint64_t iterations) {
    board b;
    alphabeta_engine *engine;
    int best_value = -2, best[9], count = 0, i;
    uint32_t moves[9];
    int32_t n;
    alphabeta_game g;

    if (!parse_board(cells, &b) || (engine = make_engine(iterations > 0)) == NULL) {
        return 1;
    }
    if (ttt_is_terminal(&b)) {
        printf("value %d best -\n", terminal_value(&b));
        return 0;
    }
    if (iterations > 0) {
        alphabeta_mcts_result result;
        alphabeta_status status = mcts_search(engine, &b, iterations, &result);
        if (status != ALPHABETA_OK) {
            fprintf(stderr, "error: %s\n", alphabeta_status_message(status));
            return 1;
        }
        if (result.proven) {
            printf("value %d best %u\n", (int)result.outcome, (unsigned)result.best_move);
        } else {
            printf("value ? best %u\n", (unsigned)result.best_move);
        }
        return 0;
    }
    g = game_of(&b);
    n = g.generate_moves(&b, moves, 9);
    for (i = 0; i < n; i++) {
        alphabeta_result child;
        alphabeta_status status;
        int value;
        ttt_make_move(&b, moves[i]);
        status = search(engine, &b, &child);
        ttt_unmake_move(&b, moves[i]);
        if (status != ALPHABETA_OK) {
            fprintf(stderr, "error: %s\n", alphabeta_status_message(status));
            return 1;
        }
        value = -sign(child.score);
        if (value > best_value) {
            best_value = value;
            count = 0;
        }
        if (value == best_value) {
            best[count++] = (int)moves[i];
        }
    }
    printf("value %d best ", best_value);
    for (i = 0; i < count; i++) {
        printf(i == 0 ? "%d" : ",%d", best[i]);
    }
    printf("\n");
    return 0;
}

/* ---- play ---- */

#define NO_MOVE UINT32_MAX

/* The engine's move in `*cell` (NO_MOVE when there is none), printed with what it took:
 * alpha-beta's nodes, or (`iterations` > 0) the Monte Carlo iterations and proof. */
static alphabeta_status engine_move(alphabeta_engine *engine, board *b, uint64_t iterations,
                                    uint32_t *cell) {
    alphabeta_status status;
    *cell = NO_MOVE;
    if (iterations > 0) {
        alphabeta_mcts_result result;
        status = mcts_search(engine, b, iterations, &result);
        if (status == ALPHABETA_OK && result.has_best_move) {
            *cell = result.best_move;
            printf("Engine plays %u (iterations %lu%s%s)\n", (unsigned)*cell,
                   (unsigned long)result.iterations, result.proven ? ", proven " : "",
                   result.proven ? outcome_name(result.outcome) : "");
        }
    } else {
        alphabeta_result result;
        status = search(engine, b, &result);
        if (status == ALPHABETA_OK && result.has_best_move) {
            *cell = result.best_move;
            printf("Engine plays %u (nodes %lu)\n", (unsigned)*cell, (unsigned long)result.nodes);
        }
    }
    return status;
}

static void print_board(const board *b) {
    int row, col;
    for (row = 0; row < 3; row++) {
        printf(" ");
        for (col = 0; col < 3; col++) {
            int cell = row * 3 + col, mark = cell_mark(b, cell);
            if (col > 0) {
                printf(" | ");
            }
            if (mark == NO_MARK) {
                printf("%d", cell);
            } else {
                printf("%c", mark == MARK_X ? 'X' : 'O');
            }
        }
        printf("\n");
        if (row < 2) {
            printf("---+---+---\n");
        }
    }
}

/* The cell a line holds (0-8), or -1 when it is not one (surrounding blanks allowed). */
static int read_cell(const char *line) {
    char *end;
    long n;
    while (*line == ' ' || *line == '\t') {
        line++;
    }
    if (!(*line == '+' || (*line >= '0' && *line <= '9'))) {
        return -1;
    }
    n = strtol(line, &end, 10);
    while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n') {
        end++;
    }
    return (*end == '\0' && n >= 0 && n <= 8) ? (int)n : -1;
}

/* `iterations` > 0: the Monte Carlo engine with that budget per move. */
static int play(int engine_mark, uint64_t iterations) {
    board b = {{0, 0}, MARK_X};
    alphabeta_engine *engine = make_engine(iterations > 0);
    char line[256];
    int w;
    if (engine == NULL) {
        return 1;
    }
    printf("You are %c. Type a cell number 0-8.\n", engine_mark == MARK_X ? 'O' : 'X');
    while (!ttt_is_terminal(&b)) {
        uint32_t cell;
        if (b.to_move == engine_mark) {
            alphabeta_status status = engine_move(engine, &b, iterations, &cell);
            if (status != ALPHABETA_OK) {
                fprintf(stderr, "error: %s\n", alphabeta_status_message(status));
                return 1;
            }
            if (cell == NO_MOVE) {
                break;
            }
        } else {
            int n;
            size_t length;
            print_board(&b);
            printf("Your move: ");
            fflush(stdout);
            if (fgets(line, sizeof line, stdin) == NULL) {
                printf("\n");
                return 0;
            }
            length = strlen(line);
            if (length == sizeof line - 1 && line[length - 1] != '\n') {
                int c; /* a longer line: drop the rest, it is not a cell anyway */
                while ((c = getchar()) != EOF && c != '\n') {
                }
                line[0] = '\0';
            }
            n = read_cell(line);
            if (n < 0 || cell_mark(&b, n) != NO_MARK) {
                printf("Please type the number of a free cell, 0-8.\n");
                continue;
            }
            cell = (uint32_t)n;
        }
        if (iterations > 0) {
            /* Through the engine: the move is made, and its subtree kept for the next search. */
            alphabeta_game g = game_of(&b);
            alphabeta_status status = alphabeta_mcts_play(engine, &g, cell);
            if (status != ALPHABETA_OK) {
                fprintf(stderr, "error: %s\n", alphabeta_status_message(status));
                return 1;
            }
        } else {
            ttt_make_move(&b, cell);
        }
    }
    print_board(&b);
    w = winner(&b);
    if (w == NO_MARK) {
        printf("Draw.\n");
    } else if (w == engine_mark) {
        printf("The engine wins.\n");
    } else {
        printf("You win.\n");
    }
    return 0;
}

#define USAGE \
    "usage: tictactoe [--engine alphabeta|mcts] [--iterations N] [--engine-first | --solve BOARD]"

int main(int argc, char **argv) {
    int engine_mark = MARK_O, i;
    const char *solve = NULL;
    bool mcts = false;
    uint64_t iterations = 20000;
    init_keys();
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--engine-first") == 0) {
            engine_mark = MARK_X;
        } else if (strcmp(argv[i], "--solve") == 0 && i + 1 < argc) {
            solve = argv[++i];
        } else if (strcmp(argv[i], "--engine") == 0 && i + 1 < argc &&
                   (strcmp(argv[i + 1], "mcts") == 0 || strcmp(argv[i + 1], "alphabeta") == 0)) {
            mcts = strcmp(argv[++i], "mcts") == 0;
        } else if (strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
            char *end;
            unsigned long long n = strtoull(argv[++i], &end, 10);
            if (*end != '\0' || n == 0 || argv[i][0] == '-') {
                fprintf(stderr, "error: --iterations %s: at least 1\n", argv[i]);
                return 1;
            }
            iterations = (uint64_t)n;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf(USAGE "\n\n"
                   "Plays tic-tac-toe against the engine (you are X and move first, unless\n"
                   "--engine-first), or solves a board. Cells are numbered 0-8, row by row.\n\n"
                   "options:\n"
                   "  --engine-first    the engine plays X and moves first\n"
                   "  --solve BOARD     print the value of BOARD for the side to move (1 win, 0\n"
                   "                    draw, -1 loss) and every best move: `value 1 best 2,4,5`\n"
                   "  --engine NAME     alphabeta (the default) or mcts (Monte Carlo tree search\n"
                   "                    with MCTS-Solver); with mcts, --solve prints the proven\n"
                   "                    value (? if none) and the move it plays\n"
                   "  --iterations N    mcts: iterations per move [default: 20000]\n"
                   "  -h, --help        print this help\n");
            return 0;
        } else {
            fprintf(stderr, USAGE "   (--help)\n");
            return 1;
        }
    }
    if (solve != NULL) {
        return solve_command(solve, mcts ? iterations : 0);
    }
    return play(engine_mark, mcts ? iterations : 0);
}
