/*
 * Hog through the C ABI's chance search: the dice race of the Rust example `hog`, written
 * again in C as callbacks, and solved with alphabeta_chance_search (expectimax with Star1 and
 * Star2, a transposition table in static memory).
 *
 *     hog --solve A,B [--goal N] [--dice N] [--expectimax | --no-star2]
 *
 * Each turn the player chooses to roll 1 to N dice: any 1 scores 1 point, otherwise the sum;
 * the first to the goal wins. `--solve A,B` prints the value for the player to choose at
 * scores A (own) and B (the other's), its win probability and best number of dice, then each
 * choice's: the Rust example's output, line for line (examples-c/Makefile compares them).
 * Values are the exact ones when the game's longest line fits in alphabeta_max_ply() plies
 * (every turn scores at least one point: at most 2 * (2 * goal - A - B - 1) plies).
 *
 * C99; compiles as C++17 too.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alphabeta.h"

#define MAX_DICE 6
#define MAX_GOAL 200
#define MAX_PLIES 512

typedef struct {
    int goal, max_dice;
    int scores[2];
    int turn;    /* the player whose turn it is */
    int rolling; /* 0: the player chooses; n: n dice are rolling */
} position;

typedef struct {
    position now;
    position before[MAX_PLIES]; /* the positions before each move, to take it back */
    int plies;
} hog;

/* ways[n][s]: the rolls of n dice, none a 1, that sum to s. */
static uint32_t ways[MAX_DICE + 1][6 * MAX_DICE + 1];

static void count_ways(void) {
    memset(ways, 0, sizeof ways);
    ways[0][0] = 1;
    for (int n = 1; n <= MAX_DICE; n++) {
        for (int sum = 0; sum <= 6 * MAX_DICE; sum++) {
            for (int face = 2; face <= 6 && face <= sum; face++) {
                ways[n][sum] += ways[n - 1][sum - face];
            }
        }
    }
}

static uint32_t power(uint32_t base, int exponent) {
    uint32_t result = 1;
    while (exponent-- > 0) {
        result *= base;
    }
    return result;
}

static hog *game_of(void *user_data) { return (hog *)user_data; }

static int winner(const position *p) {
    if (p->scores[0] >= p->goal) return 0;
    if (p->scores[1] >= p->goal) return 1;
    return -1;
}

static int32_t generate_moves(void *ud, uint32_t *moves, int32_t capacity) {
    const position *p = &game_of(ud)->now;
    int32_t count = 0;
    for (int dice = 1; dice <= p->max_dice; dice++) {
        if (count < capacity) moves[count] = (uint32_t)dice;
        count++;
    }
    return count;
}

static void make_move(void *ud, uint32_t mv) {
    hog *g = game_of(ud);
    if (g->plies >= MAX_PLIES) abort(); /* deeper than any search of the library */
    g->before[g->plies++] = g->now;
    if (g->now.rolling == 0) {
        g->now.rolling = (int)mv;
    } else {
        g->now.scores[g->now.turn] += (int)mv;
        g->now.rolling = 0;
        g->now.turn ^= 1;
    }
}

static void unmake_move(void *ud, uint32_t mv) {
    hog *g = game_of(ud);
    (void)mv;
    g->now = g->before[--g->plies];
}

/* -1 for the side to move in a finished game, else a guess from the points both need. */
static double evaluate(void *ud, int32_t player, uint32_t ply, uint32_t depth_left) {
    const position *p = &game_of(ud)->now;
    (void)ply;
    (void)depth_left;
    int won = winner(p);
    if (won >= 0) return won == player ? 1.0 : -1.0;
    double own = (double)p->goal - (double)p->scores[player];
    double other = (double)p->goal - (double)p->scores[player ^ 1];
    return 0.8 * (other - own) / (other + own);
}

static uint64_t zobrist_key(void *ud) {
    const position *p = &game_of(ud)->now;
    return (uint64_t)p->scores[0] | (uint64_t)p->scores[1] << 8 | (uint64_t)p->turn << 16 |
           (uint64_t)p->rolling << 24 | (uint64_t)p->goal << 32 | (uint64_t)p->max_dice << 40;
}

static int32_t side_to_move(void *ud) { return game_of(ud)->now.turn; }

static bool is_terminal(void *ud) { return winner(&game_of(ud)->now) >= 0; }

static bool is_chance_node(void *ud) { return game_of(ud)->now.rolling > 0; }

/* Pig out (1 point) first, then the sums 2n..6n, each with its ways out of 6^n. */
static int32_t generate_outcomes(void *ud, alphabeta_outcome *outcomes, int32_t capacity) {
    int n = game_of(ud)->now.rolling;
    int32_t count = 0;
    if (count < capacity) {
        outcomes[count].outcome = 1;
        outcomes[count].weight = power(6, n) - power(5, n);
    }
    count++;
    for (int sum = 2 * n; sum <= 6 * n; sum++) {
        if (count < capacity) {
            outcomes[count].outcome = (uint32_t)sum;
            outcomes[count].weight = ways[n][sum];
        }
        count++;
    }
    return count;
}

/* The table: 16 MiB of double slots, as the Rust example's default, 16-byte aligned. */
#define TABLE_BYTES (16u << 20)
static unsigned char *memory, *table;

static uint32_t plies_to_end(const position *p) {
    uint32_t plies = 2u * (uint32_t)(2 * p->goal - p->scores[0] - p->scores[1] - 1);
    uint32_t most = (uint32_t)alphabeta_max_ply();
    return plies < most ? plies : most;
}

static alphabeta_status search(hog *g, const alphabeta_chance_config *config,
                               alphabeta_chance_result *result) {
    alphabeta_chance_game game;
    memset(&game, 0, sizeof game);
    game.game.user_data = g;
    game.game.generate_moves = generate_moves;
    game.game.make_move = make_move;
    game.game.unmake_move = unmake_move;
    game.game.evaluate_double = evaluate;
    game.game.zobrist_key = zobrist_key;
    game.game.side_to_move = side_to_move;
    game.game.is_terminal = is_terminal;
    game.is_chance_node = is_chance_node;
    game.generate_outcomes = generate_outcomes;
    game.has_score_bound = true;
    game.score_bound_double = 1.0;
    alphabeta_limits limits = alphabeta_limits_depth(plies_to_end(&g->now));
    return alphabeta_chance_search(&game, config, &limits, table, TABLE_BYTES, result, NULL, 0);
}

static int usage(const char *problem) {
    fprintf(stderr, "error: %s (usage: hog --solve A,B [--goal N] [--dice N] "
                    "[--expectimax | --no-star2])\n", problem);
    return 1;
}

int main(int argc, char **argv) {
    int goal = 30, dice = 5, a = -1, b = -1;
    alphabeta_chance_config config = alphabeta_chance_config_default();
    config.search.score_type = ALPHABETA_SCORE_DOUBLE;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--goal") == 0 && i + 1 < argc) {
            goal = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--dice") == 0 && i + 1 < argc) {
            dice = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--solve") == 0 && i + 1 < argc) {
            if (sscanf(argv[++i], "%d,%d", &a, &b) != 2) return usage("--solve takes A,B");
        } else if (strcmp(argv[i], "--expectimax") == 0) {
            config.star1 = config.star2 = false;
        } else if (strcmp(argv[i], "--no-star2") == 0) {
            config.star2 = false;
        } else {
            return usage("unexpected argument");
        }
    }
    if (goal < 1 || goal > MAX_GOAL || dice < 1 || dice > MAX_DICE) {
        return usage("the goal must be 1 to 200 and the dice 1 to 6");
    }
    if (a < 0 || b < 0 || a >= goal || b >= goal) return usage("--solve A,B with scores below the goal");
    count_ways();
    memory = (unsigned char *)calloc(TABLE_BYTES + 16, 1);
    if (memory == NULL) return usage("out of memory");
    table = memory + (16 - (uintptr_t)memory % 16) % 16;

    static hog g;
    position start = {goal, dice, {a, b}, 0, 0};
    g.now = start;
    alphabeta_chance_result result;
    alphabeta_status status = search(&g, &config, &result);
    if (status != ALPHABETA_OK) {
        fprintf(stderr, "error: %s\n", alphabeta_status_message(status));
        free(memory);
        return 1;
    }
    double value = result.search.score_double;
    printf("value %.9f win %.4f%% best %u (%s)\n", value, (value + 1.0) * 50.0,
           (unsigned)result.search.best_move, result.search.exact ? "exact" : "depth-limited");
    for (int d = 1; d <= dice; d++) {
        make_move(&g, (uint32_t)d);
        status = search(&g, &config, &result);
        unmake_move(&g, (uint32_t)d);
        if (status != ALPHABETA_OK) {
            fprintf(stderr, "error: %s\n", alphabeta_status_message(status));
            free(memory);
            return 1;
        }
        double choice = result.search.score_double;
        printf("  %d dice: value %.9f win %.4f%%\n", d, choice, (choice + 1.0) * 50.0);
    }
    free(memory);
    return 0;
}
