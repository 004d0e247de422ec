/*
 * Connect Four bitboards for the C hosts of the exact solver: the position, four-in-a-row
 * and threat tests, the non-losing moves and Pons' ordering score, and the solver's state of
 * a position (the Rust `Connect4Solver`, src/games/connect4.rs). Shared by
 * examples-c/connect4.c and the firmware's examples-embedded/c/connect4.c; C99, freestanding
 * (stdint.h, stdbool.h and alphabeta.h only), every function `static inline`.
 *
 * The board (Pons' layout): each column takes 7 bits, 6 cells and a guard bit; bit
 * `col * 7 + row`, row 0 at the bottom. `current` holds the stones of the side to move,
 * `mask` every stone. A move is a column, 0 (left) to 6.
 */
#ifndef CONNECT4_BOARD_H
#define CONNECT4_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "alphabeta.h"

#define WIDTH 7
#define HEIGHT 6
#define CELLS (WIDTH * HEIGHT)
#define WIN ALPHABETA_WIN /* the header's win score: a win d plies away is WIN - d */
#define MAX_MATE_PLY ALPHABETA_MAX_MATE_PLY

/* Columns from the centre outwards: the order of generation among equal threat counts. */
static const int CENTRE_FIRST[WIDTH] = {3, 2, 4, 1, 5, 0, 6};

#define BOTTOM_MASK(col) (UINT64_C(1) << ((col) * (HEIGHT + 1)))
#define TOP_MASK(col) (UINT64_C(1) << (HEIGHT - 1 + (col) * (HEIGHT + 1)))
#define COLUMN_MASK(col) (((UINT64_C(1) << HEIGHT) - 1) << ((col) * (HEIGHT + 1)))
/* The bottom cell of every column, and every playable cell (no guard bits). */
#define BOTTOM                                                                             \
    (BOTTOM_MASK(0) | BOTTOM_MASK(1) | BOTTOM_MASK(2) | BOTTOM_MASK(3) | BOTTOM_MASK(4) | \
     BOTTOM_MASK(5) | BOTTOM_MASK(6))
#define BOARD (BOTTOM * ((UINT64_C(1) << HEIGHT) - 1))

typedef struct {
    uint64_t current; /* stones of the side to move */
    uint64_t mask;    /* every stone */
    uint32_t moves;   /* stones played */
} position;

static inline int popcount64(uint64_t x) {
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* Four in a row along the direction of shift `s` (1 vertical, H+1 horizontal, H and H+2 the
 * diagonals). The shifts are constants so that the compiler folds them. */
#define FOUR_ALONG(stones, s) \
    ((((stones) & ((stones) >> (s))) & (((stones) & ((stones) >> (s))) >> (2 * (s)))) != 0)

/* true when `stones` holds four in a row. */
static inline bool has_four(uint64_t stones) {
    return FOUR_ALONG(stones, 1) || FOUR_ALONG(stones, HEIGHT + 1) || FOUR_ALONG(stones, HEIGHT) ||
           FOUR_ALONG(stones, HEIGHT + 2);
}

/* The cells completing a four along shift `s`: the gap may be any of the four cells. */
static inline uint64_t winning_along(uint64_t stones, int s) {
    uint64_t pair = (stones << s) & (stones << (2 * s));
    uint64_t cells = (pair & (stones << (3 * s))) | (pair & (stones >> s));
    pair = (stones >> s) & (stones >> (2 * s));
    return cells | (pair & (stones << s)) | (pair & (stones >> (3 * s)));
}

/* The empty cells that would complete four in a row for the owner of `stones`, given every
 * stone in `mask` (Pons' `compute_winning_position`). */
static inline uint64_t winning_cells(uint64_t stones, uint64_t mask) {
    uint64_t cells = (stones << 1) & (stones << 2) & (stones << 3); /* vertical */
    cells |= winning_along(stones, HEIGHT + 1);                      /* horizontal */
    cells |= winning_along(stones, HEIGHT);                          /* diagonals */
    cells |= winning_along(stones, HEIGHT + 2);
    return cells & (BOARD ^ mask);
}

static inline bool can_play(const position *p, int col) {
    return (p->mask & TOP_MASK(col)) == 0;
}

static inline void play(position *p, int col) {
    p->current ^= p->mask;
    p->mask |= p->mask + BOTTOM_MASK(col);
    p->moves += 1;
}

/* true when the player who moved last has four in a row. */
static inline bool is_won(const position *p) {
    return has_four(p->current ^ p->mask);
}

static inline uint64_t playable_cells(const position *p) {
    return (p->mask + BOTTOM) & BOARD;
}

static inline bool can_win_next(const position *p) {
    return (winning_cells(p->current, p->mask) & playable_cells(p)) != 0;
}

/* The playable cells that do not let the opponent win at once (0: every move loses). */
static inline uint64_t non_losing_cells(const position *p) {
    uint64_t playable = playable_cells(p);
    uint64_t threats = winning_cells(p->current ^ p->mask, p->mask);
    uint64_t forced = playable & threats;
    if (forced != 0) {
        if (forced & (forced - 1)) {
            return 0; /* two threats: one of them wins */
        }
        playable = forced;
    }
    return playable & ~(threats >> 1);
}

/* Winning cells of the side to move after a stone in `col`: Pons' ordering score. */
static inline int threats_after(const position *p, int col) {
    uint64_t stone = playable_cells(p) & COLUMN_MASK(col);
    return popcount64(winning_cells(p->current | stone, p->mask));
}

/* ---------------------------------------------------------------------------------------
 * The solver's position state: what the terminal test and the move generator need, computed
 * once per position. */

typedef struct {
    position pos;
    bool won;          /* the previous mover has four */
    bool can_win_next; /* the side to move wins with its next stone */
    uint64_t non_losing;
} solver_state;

static inline solver_state solver_state_new(position pos) {
    solver_state s;
    s.pos = pos;
    s.won = is_won(&pos);
    s.can_win_next = !s.won && can_win_next(&pos);
    s.non_losing = s.won ? 0 : non_losing_cells(&pos);
    return s;
}

static inline int32_t win_in(uint32_t ply) {
    return WIN - (int32_t)(ply < MAX_MATE_PLY ? ply : MAX_MATE_PLY);
}

static inline int32_t loss_in(uint32_t ply) {
    return -win_in(ply);
}

#endif /* CONNECT4_BOARD_H */
