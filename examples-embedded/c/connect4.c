/*
 * Connect Four for exact solving, as alphabeta_game callbacks, and Pons' null-window driver
 * over alphabeta_solve_window (the exact solver's test): the Rust `Connect4Solver`, `SolverEval` and `solve`
 * (src/games/connect4.rs). The bitboards and the solver's position state are
 * examples-c/connect4_board.h, shared with examples-c/connect4.c; here the states live in a
 * static game instead of the heap, without stdio.
 *
 * Bitboards after Pons: each column takes 7 bits (6 cells and a guard bit), bit
 * `col * 7 + row`, row 0 at the bottom; `current` holds the stones of the side to move,
 * `mask` every stone, and the key is `current + mask`, as in Rust. Decided positions are
 * terminal (a win next ply, every move losing, two cells left); only moves that do not lose
 * at once are generated, ordered by the threats they create, then centre first; the mate
 * distance bounds are 3 (win) and 4 (loss).
 */
#include "games.h"

#include "connect4_board.h"

/* ---------------------------------------------------------------------------------------
 * The solver's game model: copy-make on a stack of solver states (one per ply; a search is
 * never deeper than the empty cells). */

static struct {
    solver_state stack[CELLS + 1];
    int top;
} game;

static int32_t generate_moves(void *user_data, uint32_t *moves, int32_t capacity) {
    (void)user_data;
    const solver_state *s = &game.stack[game.top];
    int scores[WIDTH];
    uint32_t cols[WIDTH];
    int count = 0;
    for (int i = 0; i < WIDTH; i++) {
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
    for (int i = 0; i < count && i < capacity; i++) {
        moves[i] = cols[i];
    }
    return count;
}

static void make_move(void *user_data, uint32_t mv) {
    (void)user_data;
    solver_state *next = &game.stack[game.top + 1];
    next->pos = game.stack[game.top].pos;
    play(&next->pos, (int)mv);
    /* A generated move never lets the opponent win at once and is never played where the
     * mover could have won at once (that position is terminal): only the non-losing cells
     * need computing. */
    next->won = false;
    next->can_win_next = false;
    next->non_losing = non_losing_cells(&next->pos);
    game.top++;
}

static void unmake_move(void *user_data, uint32_t mv) {
    (void)user_data;
    (void)mv;
    game.top--;
}

static int32_t evaluate(void *user_data, int32_t player, uint32_t ply, uint32_t depth_left) {
    (void)user_data;
    (void)depth_left;
    const solver_state *s = &game.stack[game.top];
    int32_t for_mover;
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

static uint64_t zobrist_key(void *user_data) {
    (void)user_data;
    /* current + mask is unique per position (Pons). */
    return game.stack[game.top].pos.current + game.stack[game.top].pos.mask;
}

static int32_t side_to_move(void *user_data) {
    (void)user_data;
    return (int32_t)(game.stack[game.top].pos.moves % 2);
}

static bool is_terminal(void *user_data) {
    (void)user_data;
    const solver_state *s = &game.stack[game.top];
    return s->won || s->can_win_next || s->non_losing == 0 || s->pos.moves >= CELLS - 2;
}

static uint32_t min_plies_to_win(void *user_data) {
    (void)user_data;
    return 3; /* no stone wins at once here (that position is terminal) */
}

static uint32_t min_plies_to_loss(void *user_data) {
    (void)user_data;
    return 4; /* only non-losing moves are generated */
}

const alphabeta_game CONNECT4_GAME = {
    .user_data = NULL,
    .generate_moves = generate_moves,
    .make_move = make_move,
    .unmake_move = unmake_move,
    .evaluate = evaluate,
    .zobrist_key = zobrist_key,
    .side_to_move = side_to_move,
    .is_terminal = is_terminal,
    .min_plies_to_win = min_plies_to_win,
    .min_plies_to_loss = min_plies_to_loss,
};

bool connect4_reset(const char *moves, uint32_t *stones) {
    position pos = {0, 0, 0};
    for (const char *c = moves; *c != '\0'; c++) {
        if (*c < '1' || *c > '7' || is_won(&pos) || !can_play(&pos, *c - '1')) {
            return false;
        }
        play(&pos, *c - '1');
    }
    game.top = 0;
    game.stack[0] = solver_state_new(pos);
    *stones = pos.moves;
    return true;
}

/* ---------------------------------------------------------------------------------------
 * Pons' null-window driver (`solve` in src/games/connect4.rs). */

/* Pons' score of a root score of a position with `n` stones. */
static int32_t pons_score(int32_t score, uint32_t n) {
    int32_t threshold = WIN - MAX_MATE_PLY;
    if (score >= threshold && score <= WIN) {
        return (44 - (int32_t)n - (WIN - score)) / 2;
    }
    if (score >= -WIN && score <= -threshold) {
        return -((44 - (int32_t)n - (WIN + score)) / 2);
    }
    return 0;
}

/* The smallest engine score whose Pons score is at least `s`, at a root with `n` stones. */
static int32_t engine_threshold(int32_t s, uint32_t n) {
    int32_t k;
    if (s >= 1) {
        k = 44 - (int32_t)n - 2 * s;
        return win_in((uint32_t)(k > 0 ? k : 0));
    }
    if (s == 0) {
        return 0;
    }
    k = 43 - (int32_t)n + 2 * s;
    return loss_in((uint32_t)(k > 0 ? k : 0));
}

alphabeta_status connect4_solve(alphabeta_engine *engine, const char *moves,
                                connect4_solution *out) {
    uint32_t n;
    alphabeta_window_result r;
    alphabeta_status status;

    out->score = 0;
    out->nodes = 0;
    out->searches = 0;
    if (!connect4_reset(moves, &n)) {
        return ALPHABETA_ERROR_INVALID_WINDOW;
    }
    if (is_terminal(NULL) || n == CELLS) {
        status = alphabeta_solve_window(engine, &CONNECT4_GAME, -INT32_MAX, INT32_MAX, &r);
        if (status != ALPHABETA_OK) {
            return status;
        }
        out->score = pons_score(r.score, n);
        out->nodes = r.nodes;
        out->searches = 1;
        return ALPHABETA_OK;
    }
    /* Pons' initial range: the whole score range of the position. */
    int32_t min = -(int32_t)(CELLS - n) / 2;
    int32_t max = (int32_t)(CELLS + 1 - n) / 2;
    while (min < max) {
        int32_t med = min + (max - min) / 2;
        /* Probe near 0 first: most positions are close to a draw. */
        if (med <= 0 && min / 2 < med) {
            med = min / 2;
        } else if (med >= 0 && max / 2 > med) {
            med = max / 2;
        }
        int32_t beta = engine_threshold(med + 1, n);
        status = alphabeta_solve_window(engine, &CONNECT4_GAME, beta - 1, beta, &r);
        if (status != ALPHABETA_OK) {
            return status;
        }
        out->nodes += r.nodes;
        out->searches += 1;
        if (r.score >= beta) {
            min = med + 1;
        } else {
            max = med;
        }
    }
    out->score = min;
    return ALPHABETA_OK;
}
