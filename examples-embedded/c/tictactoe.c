/*
 * Tic-tac-toe as alphabeta_game callbacks: the Rust `games::tictactoe::Board` in C (the game
 * code of examples-c/tictactoe.c, with the Rust model's Zobrist keys).
 *
 * Cells 0-8 row by row; a move is a cell; X (0) moves first. The moves are the free cells in
 * increasing order, a win scores WIN - ply, and the key is the XOR of one key per mark on the
 * board and one for the side to move, from the same table as the Rust model:
 * `ZobristTable::<2, 9, 2>::new(0x7107_7AC7)`, i.e. rand_xorshift's XorShiftRng seeded by
 * rand_core's `seed_from_u64` (PCG32 output fills the 16-byte seed), each key one `next_u64`
 * (two 32-bit outputs, low word first) skipping 0, the X keys, then the O keys, then the two
 * side keys. Equal keys mean equal table hits, so the searches visit the Rust demo's nodes.
 */
#include <stddef.h>

#include "games.h"

#define WIN 1000000
#define FULL 0x1ffu

enum { MARK_X = 0, MARK_O = 1, NO_MARK = -1 };

/* The eight lines of three cells, as bit masks over cells 0..8. */
static const uint16_t LINES[8] = {0x007, 0x038, 0x1c0, 0x049, 0x092, 0x124, 0x111, 0x054};

static struct {
    uint16_t marks[2]; /* bit i: cell i holds X (marks[0]) or O (marks[1]) */
    int32_t to_move;   /* MARK_X or MARK_O */
} board;

/* ---- the Rust model's Zobrist keys ---- */

static uint64_t piece_keys[2][9];
static uint64_t side_keys[2];
static bool keys_ready;

/* rand_core's seed_from_u64: a PCG32 step per 4 bytes of seed. */
static uint32_t pcg32(uint64_t *state) {
    *state = *state * UINT64_C(0x5851F42D4C957F2D) + UINT64_C(0xA17654E46FBE17F3);
    uint64_t s = *state;
    uint32_t xorshifted = (uint32_t)(((s >> 18) ^ s) >> 27);
    uint32_t rot = (uint32_t)(s >> 59);
    return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
}

typedef struct {
    uint32_t x, y, z, w;
} xorshift;

static uint32_t xorshift_next_u32(xorshift *r) {
    uint32_t t = r->x ^ (r->x << 11);
    r->x = r->y;
    r->y = r->z;
    r->z = r->w;
    r->w = r->w ^ (r->w >> 19) ^ (t ^ (t >> 8));
    return r->w;
}

static uint64_t next_key(xorshift *r) {
    for (;;) {
        uint64_t low = xorshift_next_u32(r);
        uint64_t high = xorshift_next_u32(r);
        uint64_t key = (high << 32) | low;
        if (key != 0) {
            return key;
        }
    }
}

static void fill_keys(uint64_t seed) {
    /* The seed bytes are the PCG32 outputs, little-endian: each is one seed word. */
    xorshift r;
    r.x = pcg32(&seed);
    r.y = pcg32(&seed);
    r.z = pcg32(&seed);
    r.w = pcg32(&seed);
    if ((r.x | r.y | r.z | r.w) == 0) {
        r.x = r.y = r.z = r.w = 0x0BAD5EED;
    }
    for (int mark = 0; mark < 2; mark++) {
        for (int cell = 0; cell < 9; cell++) {
            piece_keys[mark][cell] = next_key(&r);
        }
    }
    side_keys[0] = next_key(&r);
    side_keys[1] = next_key(&r);
}

void tictactoe_reset(void) {
    if (!keys_ready) {
        fill_keys(0x71077AC7u);
        keys_ready = true;
    }
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
    /* A win `ply` plies from the root is WIN - ply; a loss its negation. */
    return w == player ? WIN - (int32_t)ply : -(WIN - (int32_t)ply);
}

static uint64_t zobrist_key(void *user_data) {
    (void)user_data;
    uint64_t key = side_keys[board.to_move];
    for (int cell = 0; cell < 9; cell++) {
        if (board.marks[MARK_X] & (1u << cell)) {
            key ^= piece_keys[MARK_X][cell];
        } else if (board.marks[MARK_O] & (1u << cell)) {
            key ^= piece_keys[MARK_O][cell];
        }
    }
    return key;
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
