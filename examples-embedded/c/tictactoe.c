/*
 * Tic-tac-toe as alphabeta_game callbacks: the Rust `games::tictactoe::Board` in C (the game
 * code of examples-c/tictactoe.c, with the Rust model's key).
 *
 * Cells 0-8 row by row; a move is a cell; X (0) moves first. The moves are the free cells in
 * increasing order, a win scores ALPHABETA_WIN - ply, and the key is the position itself, as the Rust
 * model's. Equal keys mean equal table hits, so the searches visit the Rust demo's nodes.
 */
#include <stddef.h>

#include "games.h"

#define FULL 0x1ffu

enum { MARK_X = 0, MARK_O = 1, NO_MARK = -1 };

/* The eight lines of three cells, as bit masks over cells 0..8. */
static const uint16_t LINES[8] = {0x007, 0x038, 0x1c0, 0x049, 0x092, 0x124, 0x111, 0x054};

static struct {
    uint16_t marks[2]; /* bit i: cell i holds X (marks[0]) or O (marks[1]) */
    int32_t to_move;   /* MARK_X or MARK_O */
} board;

void tictactoe_reset(void) {
    board.marks[MARK_X] = 0;
    board.marks[MARK_O] = 0;
    board.to_move = MARK_X;
}

/* ---- the rules ---- */

static bool has_line(uint16_t marks) {
    for (int i = 0; i < 8; i++) {
        if ((LINES[i] & marks) == LINES[i]) {
            return true;
        }
    }
    return false;
}

static int winner(void) {
    if (has_line(board.marks[MARK_X])) {
        return MARK_X;
    }
    if (has_line(board.marks[MARK_O])) {
        return MARK_O;
    }
    return NO_MARK;
}

/* ---- the callbacks (user_data unused: the board is static) ---- */

static int32_t generate_moves(void *user_data, uint32_t *moves, int32_t capacity) {
    (void)user_data;
    unsigned free_cells = FULL & ~(unsigned)(board.marks[0] | board.marks[1]);
    int32_t count = 0;
    for (uint32_t cell = 0; cell < 9; cell++) {
        if (free_cells & (1u << cell)) {
            if (count < capacity) {
                moves[count] = cell;
            }
            count++;
        }
    }
    return count;
}

static void make_move(void *user_data, uint32_t cell) {
    (void)user_data;
    board.marks[board.to_move] = (uint16_t)(board.marks[board.to_move] | (1u << cell));
    board.to_move = 1 - board.to_move;
}

static void unmake_move(void *user_data, uint32_t cell) {
    (void)user_data;
    board.to_move = 1 - board.to_move;
    board.marks[board.to_move] = (uint16_t)(board.marks[board.to_move] & ~(1u << cell));
}

static int32_t evaluate(void *user_data, int32_t player, uint32_t ply, uint32_t depth_left) {
    (void)user_data;
    (void)depth_left;
    int w = winner();
    if (w == NO_MARK) {
        return 0;
    }
    /* A win `ply` plies from the root is ALPHABETA_WIN - ply; a loss its negation. */
    return w == player ? ALPHABETA_WIN_IN(ply) : ALPHABETA_LOSS_IN(ply);
}

/* The position itself, as the Rust model's key: X's cells, O's shifted by 9, the side to move
 * at bit 18 (the table mixes keys before it uses them). */
static uint64_t zobrist_key(void *user_data) {
    (void)user_data;
    return (uint64_t)board.marks[MARK_X] | (uint64_t)board.marks[MARK_O] << 9 |
           (uint64_t)board.to_move << 18;
}

static int32_t side_to_move(void *user_data) {
    (void)user_data;
    return board.to_move;
}

static bool is_terminal(void *user_data) {
    (void)user_data;
    return (board.marks[0] | board.marks[1]) == FULL || winner() != NO_MARK;
}

/* The optional callbacks are NULL: no tactical moves, no quiescence policy, the default mate
 * distance bounds (1 ply), no copies for threads. */
const alphabeta_game TICTACTOE_GAME = {
    .user_data = NULL,
    .generate_moves = generate_moves,
    .make_move = make_move,
    .unmake_move = unmake_move,
    .evaluate = evaluate,
    .zobrist_key = zobrist_key,
    .side_to_move = side_to_move,
    .is_terminal = is_terminal,
};
