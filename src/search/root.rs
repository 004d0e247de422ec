//! Iterative deepening, the root of each iteration, and the choice of the compiled node loop.

use rand_core::SeedableRng;
use rand_xorshift::XorShiftRng;

use super::coordination::Links;
use super::features::{self, with_loop};
use super::{Algorithm, Context, Engine, Halt, IterationInfo, Node, SearchResult};
use crate::clock::Limits;
use crate::error::SearchError;
use crate::game::{Evaluator, Game};
use crate::ordering::MoveSorter;
use crate::score::Score;
use crate::tt::Table;

impl<G, E, const MAX_MOVES: usize, const MAX_PLY: usize, T, O>
    Engine<G, E, MAX_MOVES, MAX_PLY, T, O>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    /// Iterative deepening around `iteration`, which searches the root to a depth with a
    /// window, leaves the principal variation in `pv[0]` and returns the root's fail-soft
    /// score: the sequential search, or a parallel one that splits the root or shares the
    /// table (through `links`). Each iteration calls it as the configured
    /// [`RootSearch`](super::RootSearch) asks (once with the full window, or several times
    /// with narrower ones).
    pub(crate) fn iterate<'l, F, I>(
        &mut self,
        game: &mut G,
        limits: &'l Limits<'_>,
        links: Links<'l, O>,
        mut on_iteration: F,
        mut iteration: I,
    ) -> Result<SearchResult<G::Move, E::Score, MAX_PLY>, SearchError>
    where
        F: FnMut(&IterationInfo<'_, G::Move, E::Score>),
        I: FnMut(
            &mut Self,
            &mut Context<'_, '_, G::Player, O>,
            &mut G,
            u32,
            E::Score,
            E::Score,
        ) -> Result<E::Score, Halt>,
    {
        self.check_limits(limits)?;
        let mut ctx = Context::new(Some(limits), u64::from(self.config.poll_interval_nodes.max(1)));
        ctx.links = links;
        #[cfg(feature = "std")]
        if links.interrupt.is_some() {
            ctx.abort = links.interrupt;
        }
        ctx.start_micros = limits.clock.map_or(0, |c| c.now_micros());
        ctx.root_side = Some(game.side_to_move());
        self.start_search();
        self.table.new_search();
        self.prev_pv.clear();

        let first_depth = if self.config.iterative_deepening { 1 } else { limits.max_depth };
        // The last completed iteration: its score, depth and exactness (its line is kept in
        // `prev_pv`); the result is built from them at the end.
        let mut score = E::Score::ZERO;
        let mut same_parity = [None; 2];
        let mut completed_depth = 0;
        let mut exact = false;
        let mut completed = true;
        // The clock reading after the last completed iteration.
        let mut last_reading = None;
        let mut depth = first_depth;
        // A minimum depth of 0 means 1: a search always has a move to return.
        let min_depth = limits.min_depth.max(1);
        loop {
            ctx.interruptible = depth > min_depth;
            ctx.reached_horizon = false;
            // The guess of an aspiration window or MTD(f): the score of the last iteration of
            // the same parity (two plies shallower), else the last one. Scores of static
            // evaluations swing between odd and even depths (the horizon falls on one side's
            // move, then on the other's), so the same parity's is the nearer guess.
            let guess =
                same_parity[(depth % 2) as usize].or((completed_depth > 0).then_some(score));
            match self.drive_root(&mut ctx, game, depth, guess, &mut iteration) {
                Ok(iteration_score) => {
                    score = iteration_score;
                    same_parity[(depth % 2) as usize] = Some(score);
                    completed_depth = depth;
                    exact = !ctx.reached_horizon;
                    self.prev_pv.clone_from(&self.pv[0]);
                    // One clock reading per iteration: for the callback, and to decide
                    // whether the next iteration may start.
                    last_reading = limits.clock.map(|c| c.now_micros());
                    let elapsed = last_reading.map(|now| now.saturating_sub(ctx.start_micros));
                    on_iteration(&IterationInfo {
                        depth,
                        score,
                        nodes: ctx.nodes(),
                        elapsed_micros: elapsed,
                        nodes_per_second: elapsed
                            .filter(|&micros| micros > 0)
                            .map(|micros| ctx.nodes().saturating_mul(1_000_000) / micros),
                        pv: &self.prev_pv,
                        exact,
                    });
                    if exact || depth >= limits.max_depth {
                        break;
                    }
                    depth += 1;
                    // Do not start an iteration beyond the minimum that is already out of time.
                    if depth > min_depth && ctx.out_of_time_at(last_reading) {
                        completed = false;
                        break;
                    }
                }
                Err(Halt::Interrupted) => {
                    completed = false;
                    break;
                }
                Err(Halt::Failed) => return Err(ctx.take_error()),
            }
        }
        let elapsed_micros = ctx
            .stopped_at_micros
            .or(last_reading)
            .or_else(|| limits.clock.map(|c| c.now_micros()))
            .map(|end| end.saturating_sub(ctx.start_micros));
        Ok(SearchResult {
            best_move: self.prev_pv.first().copied(),
            score,
            depth: completed_depth,
            nodes: ctx.nodes(),
            exact,
            completed,
            pv: self.prev_pv.clone(),
            elapsed_micros,
            stats: ctx.stats(),
        })
    }

    /// The sequential search of the root at `depth` with the window `(alpha, beta)` (one
    /// iteration, or one search of an iteration's root search): a PV node unless the window
    /// is a null window. `PARALLEL`: in a thread of a parallel search (see
    /// [`Engine::dispatch`]).
    pub(crate) fn root_iteration<const PARALLEL: bool>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        depth: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        let pv = self.null_window_above(alpha).is_none_or(|top| top < beta);
        let root = Node { depth, ply: 0, pv, on_prev_pv: true, last: None };
        self.dispatch::<PARALLEL>(ctx, game, root, alpha, beta)
    }

    /// Seeds the random choices at the start of a search, once per configuration: the
    /// strength level's draws, or else tie-breaking.
    pub(crate) fn start_search(&mut self) {
        if self.rng.is_none() {
            // A strength level's seed first (without the feature a level is refused before
            // any search).
            #[cfg(feature = "refinements")]
            let seed = self.config.strength.map(|s| s.seed).or(self.config.tie_break_seed);
            #[cfg(not(feature = "refinements"))]
            let seed = self.config.tie_break_seed;
            self.rng = seed.map(XorShiftRng::seed_from_u64);
        }
    }

    /// The features the configuration switches on, as [`features`] bits.
    pub(super) fn feature_bits(&self) -> u16 {
        use features::*;
        let c = &self.config;
        if c.algorithm != Algorithm::AlphaBeta {
            return DYNAMIC;
        }
        let mut bits = ALPHA_BETA;
        for (on, bit) in [
            (c.ordering, ORDERING),
            (c.pvs, PVS),
            (c.lmr, LMR),
            (c.quiescence && G::QUIESCENCE, QUIESCENCE),
            (c.mate_distance_pruning && E::MATE_SCORES, MDP),
            (c.null_move && G::NULL_MOVE, NULL_MOVE),
            (c.check_table, CHECK_TABLE),
            (c.any_selective(), SELECTIVE),
        ] {
            if on {
                bits |= bit;
            }
        }
        bits
    }

    /// Searches `node` with the node loop compiled for the configuration's features when it
    /// is one of the common sets (under `std`), else with the one that reads them at run time.
    /// `PARALLEL`: `ctx` may be a thread of a parallel search, which defers busy moves; a
    /// sequential search (`false`) never does, and does not compile in the loops that do.
    pub(crate) fn dispatch<const PARALLEL: bool>(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        node: Node,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        if !T::ENABLED {
            // Only without a table does the plain loop run below the root.
            ctx.plain = self.feature_bits() == features::PLAIN;
        }
        if PARALLEL {
            with_loop!(self.loop_bits(ctx), F => self.negamax::<F>(ctx, game, node, alpha, beta))
        } else {
            debug_assert!(!ctx.defers_busy_moves());
            with_loop!(sequential self.feature_bits(), F => {
                self.negamax::<F>(ctx, game, node, alpha, beta)
            })
        }
    }

    /// [`Engine::root_iteration`] of a sequential search that does not ask for the line
    /// ([`Engine::search_without_pv`]): on the loops without it where
    /// [`Engine::drops_line`] says so, its line then read back from the table (the root's
    /// best move, then the table's moves); on the loops with it otherwise.
    pub(crate) fn root_iteration_without_line(
        &mut self,
        ctx: &mut Context<'_, '_, G::Player, O>,
        game: &mut G,
        depth: u32,
        alpha: E::Score,
        beta: E::Score,
    ) -> Result<E::Score, Halt> {
        let bits = self.feature_bits();
        if !self.drops_line(bits) {
            return self.root_iteration::<false>(ctx, game, depth, alpha, beta);
        }
        let pv = self.null_window_above(alpha).is_none_or(|top| top < beta);
        let root = Node { depth, ply: 0, pv, on_prev_pv: true, last: None };
        if !T::ENABLED {
            ctx.plain = bits == features::PLAIN;
        }
        let score = with_loop!(without_line bits | features::NO_LINE, F => {
            self.negamax::<F>(ctx, game, root, alpha, beta)
        })?;
        // The line read back from the table, from the root's best move. A root that found
        // no move (a test settled by the table or by mate distance bounds) keeps its empty
        // line, as `root_iteration` leaves it, so that a driver that asks for a move then
        // (MTD(f)'s last test) searches exactly as `search` does.
        if let Some(&mv) = self.pv.first().and_then(|root| root.first()) {
            let mut line = heapless::Vec::new();
            let _ = line.push(mv);
            self.set_table_line(game, line, depth);
        }
        Ok(score)
    }

    /// The feature bits of the node loop for this configuration and thread: the
    /// configuration's, with [`ABDADA`](features::ABDADA) in a parallel search's thread that
    /// defers busy moves.
    pub(crate) fn loop_bits(&self, ctx: &Context<'_, '_, G::Player, O>) -> u16 {
        let bits = self.feature_bits();
        if ctx.defers_busy_moves() && bits & features::ALPHA_BETA != 0 {
            bits | features::ABDADA
        } else {
            bits
        }
    }

    /// The configuration's own error, if any.
    pub(super) fn check_config(&self) -> Result<(), SearchError> {
        self.config.validate()?;
        // Quiescence recurses once per ply beyond the horizon, with no clock to stop the
        // first iteration: its depth is bounded like the main search's.
        let max_quiescence_depth = self.config.max_quiescence_depth;
        if G::QUIESCENCE && self.config.quiescence && max_quiescence_depth as usize > MAX_PLY {
            return Err(SearchError::QuiescenceDepthBeyondCapacity {
                max_quiescence_depth,
                capacity: MAX_PLY,
            });
        }
        Ok(())
    }

    fn check_limits(&self, limits: &Limits<'_>) -> Result<(), SearchError> {
        self.check_config()?;
        limits.check(MAX_PLY)
    }
}

#[cfg(test)]
mod tests {
    use crate::clock::Limits;
    use crate::game::{Evaluator, Game};
    use crate::games::connect4::{Connect4, Connect4Heuristic};
    use crate::games::tictactoe::{Board, TicTacToeEval};
    use crate::ordering::MoveSorter;
    use crate::search::features::{self, DYNAMIC};
    use crate::search::{Config, Engine, Node, SearchResult};
    use crate::tt::{Table, TranspositionTable};

    /// The search of `game` within `limits` with the node loop that reads the configuration
    /// at run time ([`DYNAMIC`]), whatever the configuration; with `plain_below_root`, as
    /// without `std`: the plain loop below the root for a plain configuration without a table.
    fn dynamic<G, E, const N: usize, const P: usize, T, O>(
        engine: &mut Engine<G, E, N, P, T, O>,
        game: &mut G,
        limits: &Limits<'_>,
        plain_below_root: bool,
    ) -> SearchResult<G::Move, E::Score, P>
    where
        G: Game,
        E: Evaluator<G>,
        T: Table<E::Score>,
        O: MoveSorter<G>,
    {
        let result = engine.iterate(
            game,
            limits,
            crate::search::coordination::Links::default(),
            |_| {},
            |engine, ctx, game, depth, alpha, beta| {
                let root = Node { depth, ply: 0, pv: true, on_prev_pv: true, last: None };
                ctx.plain = plain_below_root && engine.feature_bits() == features::PLAIN;
                engine.negamax::<DYNAMIC>(ctx, game, root, alpha, beta)
            },
        );
        result.unwrap()
    }

    fn configs() -> [Config; 4] {
        [
            Config::plain_alpha_beta(),
            Config { tie_break_seed: Some(3), ..Config::plain_alpha_beta() },
            Config::value_preserving(),
            Config::new(),
        ]
    }

    /// Without the principal variation, on the library's games: the result of the search
    /// with it, but the line, whatever the configuration. Plain alpha-beta (no move ordering)
    /// drops the line: the best move alone without a table, and with one the best move then
    /// the table's moves, a legal line. The configurations whose ordering reads the line keep
    /// it, and return it whole.
    #[test]
    fn search_without_pv_equals_the_search_but_the_line() {
        let one_depth = Config { iterative_deepening: false, ..Config::value_preserving() };
        for config in configs().into_iter().chain([one_depth]) {
            let drops = !config.ordering;
            for moves in ["", "4", "4453", "332211", "1234567"] {
                let position = Connect4::from_moves(moves).unwrap();
                let limits = Limits::depth(7);
                let mut with_line: Engine<Connect4, Connect4Heuristic, 7, 42> =
                    Engine::new(Connect4Heuristic, config);
                let mut without: Engine<Connect4, Connect4Heuristic, 7, 42> =
                    Engine::new(Connect4Heuristic, config);
                let expected = with_line.search(&mut position.clone(), &limits).unwrap();
                let got = without.search_without_pv(&mut position.clone(), &limits).unwrap();
                assert_eq!(got, SearchResult { pv: got.pv.clone(), ..expected.clone() });
                if drops {
                    assert_eq!(got.pv.as_slice(), &expected.pv[..1], "{config:?} {moves}");
                } else if cfg!(all(feature = "std", not(feature = "one-loop"))) {
                    assert_eq!(got.pv, expected.pv, "{config:?} {moves}");
                }
            }
            for cells in [".........", "X...O....", "XO.X.O..."] {
                let board = Board::parse(cells).unwrap();
                let limits = Limits::depth(9);
                let table = TranspositionTable::<i32, 256>::new();
                let mut with_line =
                    Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config)
                        .with_table(&table);
                let expected = with_line.search(&mut board.clone(), &limits).unwrap();
                table.clear();
                let mut without = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config)
                    .with_table(&table);
                let got = without.search_without_pv(&mut board.clone(), &limits).unwrap();
                assert_eq!(got, SearchResult { pv: got.pv.clone(), ..expected.clone() });
                if !drops && cfg!(all(feature = "std", not(feature = "one-loop"))) {
                    assert_eq!(got.pv, expected.pv, "{config:?} {cells}");
                }
                // A legal line from the root, the best move first, no longer than the search.
                assert_eq!(got.pv.first().copied(), got.best_move, "{config:?} {cells}");
                assert!(got.pv.len() <= got.depth as usize, "{config:?} {cells}");
                let mut game = board;
                for &mv in &got.pv {
                    let mut legal = crate::MoveList::<_, 9>::new();
                    game.generate_moves(&mut legal);
                    assert!(legal.as_slice().contains(&mv), "{config:?} {cells}: {:?}", got.pv);
                    game.make_move(mv);
                }
            }
        }
    }

    /// The node loops compiled for a feature set (and the plain loop below the root) search
    /// exactly what the loop that reads the configuration searches: the same values, moves,
    /// lines, node counts and statistics.
    #[test]
    fn compiled_feature_sets_equal_the_dynamic_loop() {
        for config in configs() {
            for moves in ["", "4", "4453", "332211", "1234567"] {
                let position = Connect4::from_moves(moves).unwrap();
                let limits = Limits::depth(7);
                let mut compiled: Engine<Connect4, Connect4Heuristic, 7, 42> =
                    Engine::new(Connect4Heuristic, config);
                let mut reading: Engine<Connect4, Connect4Heuristic, 7, 42> =
                    Engine::new(Connect4Heuristic, config);
                let expected = dynamic(&mut reading, &mut position.clone(), &limits, false);
                let got = compiled.search(&mut position.clone(), &limits).unwrap();
                assert_eq!(got, expected, "{config:?} {moves}");
                let mut no_std: Engine<Connect4, Connect4Heuristic, 7, 42> =
                    Engine::new(Connect4Heuristic, config);
                let got = dynamic(&mut no_std, &mut position.clone(), &limits, true);
                assert_eq!(got, expected, "{config:?} {moves} (as without std)");
            }
            for cells in [".........", "X...O....", "XO.X.O..."] {
                let board = Board::parse(cells).unwrap();
                let limits = Limits::depth(9);
                let table = TranspositionTable::<i32, 256>::new();
                let mut compiled = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config)
                    .with_table(&table);
                let got = compiled.search(&mut board.clone(), &limits).unwrap();
                table.clear();
                let mut reading = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config)
                    .with_table(&table);
                let expected = dynamic(&mut reading, &mut board.clone(), &limits, false);
                assert_eq!(got, expected, "{config:?} {cells} with a table");
                let mut compiled: Engine<Board, TicTacToeEval, 9, 9> =
                    Engine::new(TicTacToeEval, config);
                let mut reading: Engine<Board, TicTacToeEval, 9, 9> =
                    Engine::new(TicTacToeEval, config);
                let expected = dynamic(&mut reading, &mut board.clone(), &limits, false);
                let got = compiled.search(&mut board.clone(), &limits).unwrap();
                assert_eq!(got, expected, "{config:?} {cells}");
                let mut no_std: Engine<Board, TicTacToeEval, 9, 9> =
                    Engine::new(TicTacToeEval, config);
                let got = dynamic(&mut no_std, &mut board.clone(), &limits, true);
                assert_eq!(got, expected, "{config:?} {cells} (as without std)");
            }
        }
    }
}
