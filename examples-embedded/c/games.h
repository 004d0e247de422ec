/*
 * The two games of the C firmware demo, as alphabeta_game callbacks over static state:
 * tic-tac-toe (tictactoe.c) and Pons' Connect Four solver with his null-window driver
 * (connect4.c). Each is the twin of the Rust model the Rust demo searches (src/games/), move
 * for move and key for key, so that the same searches visit the same nodes.
 */
#ifndef GAMES_H
#define GAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "alphabeta.h"

/* ---- tic-tac-toe (src/games/tictactoe.rs) ---- */

/* The callbacks, over one static board. */
extern const alphabeta_game TICTACTOE_GAME;
/* Fills the Zobrist keys (once) and sets the board empty, X to move. */
void tictactoe_reset(void);

/* ---- Connect Four: the solver model and Pons' driver (src/games/connect4.rs) ---- */

#define CONNECT4_CELLS 42

/* The callbacks, over one static game (a stack of solver states). */
extern const alphabeta_game CONNECT4_GAME;
/* Sets the game to the position after `moves` (columns '1'-'7'); false (the game unchanged)
 * for a character that is not a column, a full column or a move after a win (the Rust
 * `Connect4::from_moves`). `*stones` receives the stones played. */
bool connect4_reset(const char *moves, uint32_t *stones);

/* What Pons' null-window driver found: his score, the nodes of every search, the searches. */
typedef struct {
    int32_t score;
    uint64_t nodes;
    uint32_t searches;
} connect4_solution;

/* Solves the position after `moves` (connect4_reset) on `engine`, configured as the Rust
 * SOLVER_CONFIG / SOLVER_ORDERING. ALPHABETA_ERROR_INVALID_WINDOW for moves that
 * connect4_reset rejects (the Rust demo reports that error too). */
alphabeta_status connect4_solve(alphabeta_engine *engine, const char *moves,
                                connect4_solution *out);

#endif /* GAMES_H */
