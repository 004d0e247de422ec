//! Grid survivor: 2 to 4 players on a grid with obstacles, the multi-player test game.
//!
//! # Rules
//!
//! * The board is `width × height` cells (at most `CELLS`, the const generic); a cell is
//!   free, an obstacle, a wall left by a player (its trail), or a player's head.
//! * Players sit in seats `0..players` (shown as `A`, `B`, `C`, `D`) and take turns in seat
//!   order; a *round* ends each time the turn passes the last seat.
//! * On its turn the player to move steps to an orthogonally adjacent free cell; the cell it
//!   left becomes a wall.
//! * A player whose turn comes with no free neighbour is out; its head stays on the board as
//!   an obstacle and the turn passes on.
//! * When a round ends with one player left, that player wins; with none left, the game is a
//!   draw among the players who went out in that round. A player left alone whose turn comes
//!   with a free neighbour wins at once (it would survive the round).
//!
//! Every move turns a free cell into a wall, so a game lasts at most as many moves as there
//! are free cells. A move is the index of the destination cell, `y * width + x`, row by row
//! from the top left; moves are generated north, east, south, west.
//!
//! The game is `no_std` and heap-free: the board is a `[u8; CELLS]` array, the Zobrist key is
//! kept incrementally (keys are a hash of what and where, no table), and the evaluator's
//! flood fill uses three arrays of `CELLS` entries on the stack. Best-reply search is
//! supported: any player's moves can be generated and any player put on move.
//!
//! ```
//! use alphabeta::games::grid_survivor::{GridSurvivor, Outcome};
//! use alphabeta::multiplayer::MultiGame;
//!
//! // A is boxed in: its turn comes first, it is out, and B is left alone with a free cell.
//! let game = GridSurvivor::<16>::parse("A#../#.../..../...B", 0).unwrap();
//! assert!(!game.is_in(0));
//! assert_eq!(game.outcome(), Some(Outcome::Winner(1)));
//! assert!(game.is_terminal());
//! ```

use core::fmt;

use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

use crate::game::{EvalContext, MoveList};
use crate::multiplayer::{MultiEvaluator, MultiGame, ScoreBounds};
use crate::score::{Score, MAX_MATE_PLY};

/// The most players of a grid-survivor game.
pub const MAX_SURVIVORS: usize = 4;

const FREE: u8 = 0;
const OBSTACLE: u8 = 1;
/// `TRAIL + p`: a wall left by player `p`.
const TRAIL: u8 = 2;
/// `HEAD + p`: player `p`'s head.
const HEAD: u8 = 6;

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Free: a player may step here.
    Free,
    /// An obstacle of the layout.
    Obstacle,
    /// A wall left by this player.
    Trail(usize),
    /// This player's head (the player may be out).
    Head(usize),
}

impl Cell {
    fn from_code(code: u8) -> Self {
        match code {
            FREE => Self::Free,
            OBSTACLE => Self::Obstacle,
            c if c < HEAD => Self::Trail(usize::from(c - TRAIL)),
            c => Self::Head(usize::from(c - HEAD)),
        }
    }

    /// The character of the cell in [`GridSurvivor::parse`] and the `Display` output: `.`
    /// free, `#` obstacle, `a`–`d` a player's trail, `A`–`D` a player's head.
    pub fn to_char(self) -> char {
        match self {
            Self::Free => '.',
            Self::Obstacle => '#',
            Self::Trail(p) => char::from(b'a' + p as u8),
            Self::Head(p) => char::from(b'A' + p as u8),
        }
    }
}

/// A direction of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up: `y - 1`.
    North,
    /// Right: `x + 1`.
    East,
    /// Down: `y + 1`.
    South,
    /// Left: `x - 1`.
    West,
}

impl Direction {
    /// The four directions in the order moves are generated.
    pub const ALL: [Self; 4] = [Self::North, Self::East, Self::South, Self::West];
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player is the last one standing.
    Winner(usize),
    /// Every remaining player went out in the same round: a draw among them. Bit `p` of the
    /// mask is player `p`.
    Draw(u8),
}

/// Why a board was rejected, or a move refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridError {
    /// The board is empty, wider or taller than 255 cells, larger than the `CELLS` capacity,
    /// or (for [`GridSurvivor::random`]) narrower or lower than 4 cells.
    Size {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// The capacity `CELLS`.
        capacity: usize,
    },
    /// Not 2 to 4 players.
    Players {
        /// The number of players asked for or found.
        found: usize,
    },
    /// A row of a parsed board differs in length from the first.
    Ragged {
        /// The row (0 is the top).
        row: usize,
        /// Its length.
        length: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A character that is not `.`, `#`, `a`–`d` or `A`–`D`.
    Character {
        /// The row.
        row: usize,
        /// The column.
        column: usize,
        /// The character.
        found: char,
    },
    /// A player's head appears twice, or a player's head is missing while a later player's
    /// is there (heads are `A`, `B`, … without gaps).
    Head {
        /// The player.
        player: usize,
    },
    /// The first player to move is not one of the players.
    FirstPlayer {
        /// The seat given.
        seat: usize,
        /// The number of players.
        players: usize,
    },
    /// The obstacle density is above 1000 permille.
    Density {
        /// The density given.
        permille: u32,
    },
    /// [`GridSurvivor::play`]: the move is not legal here (the game is over, or the cell is
    /// not a free neighbour of the head of the player to move).
    IllegalMove {
        /// The destination cell.
        cell: u16,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Size { width, height, capacity } => write!(
                f,
                "a {width}×{height} board does not fit: each side 1 to 255 cells (4 for a \
                 random board), at most {capacity} cells"
            ),
            Self::Players { found } => write!(f, "{found} players; the game takes 2 to 4"),
            Self::Ragged { row, length, expected } => {
                write!(f, "row {row} has {length} cells, the first row {expected}")
            }
            Self::Character { row, column, found } => write!(
                f,
                "{found:?} at row {row}, column {column}; cells are '.', '#', 'a'-'d' or 'A'-'D'"
            ),
            Self::Head { player } => write!(
                f,
                "player {} has no single head, or a head is missing before it",
                char::from(b'A' + player as u8)
            ),
            Self::FirstPlayer { seat, players } => {
                write!(f, "seat {seat} is not one of the {players} players")
            }
            Self::Density { permille } => {
                write!(f, "an obstacle density of {permille} permille is above 1000")
            }
            Self::IllegalMove { cell } => write!(f, "cell {cell} is not a legal move here"),
        }
    }
}

impl core::error::Error for GridError {}

/// A grid-survivor position of at most `CELLS` cells.
///
/// `CELLS` bounds the board (`width * height <= CELLS`) and sets the size of the position:
/// `CELLS` bytes for the board and about 50 more.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct GridSurvivor<const CELLS: usize> {
    width: u8,
    height: u8,
    cells: [u8; CELLS],
    players: u8,
    heads: [u16; MAX_SURVIVORS],
    /// Bit `p`: player `p` is still in.
    in_mask: u8,
    /// The round in which each player went out (meaningful for players out only).
    out_round: [u16; MAX_SURVIVORS],
    round: u16,
    to_move: u8,
    outcome: Option<Outcome>,
    key: u64,
}

/// What [`GridSurvivor`]'s `make_move` keeps to take the move back: the cell left and the
/// turn state before the move (under 50 bytes, whatever the board size).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SurvivorUndo {
    from: u16,
    moved: bool,
    to_move: u8,
    in_mask: u8,
    out_round: [u16; MAX_SURVIVORS],
    round: u16,
    outcome: Option<Outcome>,
    key: u64,
}

/// splitmix64's finaliser: the Zobrist key of one feature, without a table.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn wall_key(cell: u16) -> u64 {
    mix(1 << 40 | u64::from(cell))
}

fn head_key(player: usize, cell: u16) -> u64 {
    mix((2 + player as u64) << 40 | u64::from(cell))
}

fn turn_key(player: usize) -> u64 {
    mix(8 << 40 | player as u64)
}

/// Player `player` is out; `this_round`: it went out in the current round (which decides a
/// draw).
fn out_key(player: usize, this_round: bool) -> u64 {
    mix(9 << 40 | (player as u64) << 1 | u64::from(this_round))
}

impl<const CELLS: usize> GridSurvivor<CELLS> {
    /// A random board: `obstacle_permille` of the cells (on average) are obstacles, drawn
    /// with `rand_xorshift` from `seed`; the players start near the corners (seat 0 top left,
    /// 1 bottom right, 2 top right, 3 bottom left, one cell in from each side), and their
    /// start cells and those cells' neighbours are kept free. Seat 0 moves first.
    ///
    /// # Errors
    /// [`GridError::Size`] unless `4 <= width, height <= 255` and `width * height <= CELLS`;
    /// [`GridError::Players`] unless 2 to 4 players; [`GridError::Density`] above 1000.
    pub fn random(
        width: usize,
        height: usize,
        players: usize,
        obstacle_permille: u32,
        seed: u64,
    ) -> Result<Self, GridError> {
        if width < 4 || height < 4 {
            return Err(GridError::Size { width, height, capacity: CELLS });
        }
        check_size::<CELLS>(width, height)?;
        if !(2..=MAX_SURVIVORS).contains(&players) {
            return Err(GridError::Players { found: players });
        }
        if obstacle_permille > 1000 {
            return Err(GridError::Density { permille: obstacle_permille });
        }
        let corners = [(1, 1), (width - 2, height - 2), (width - 2, 1), (1, height - 2)];
        let mut heads = [0u16; MAX_SURVIVORS];
        for (head, &(x, y)) in heads.iter_mut().zip(&corners).take(players) {
            *head = (y * width + x) as u16;
        }
        let mut cells = [FREE; CELLS];
        let mut rng = XorShiftRng::seed_from_u64(seed);
        for cell in cells.iter_mut().take(width * height) {
            if rng.next_u32() % 1000 < obstacle_permille {
                *cell = OBSTACLE;
            }
        }
        // Every start's neighbourhood cleared first, then the heads placed: on a small board
        // one start can be next to another, whose head the clearing must not remove.
        for &head in heads.iter().take(players) {
            let (x, y) = (usize::from(head) % width, usize::from(head) / width);
            for (dx, dy) in [(0, 0), (0, -1), (1, 0), (0, 1), (-1, 0)] {
                let (nx, ny) = (x as isize + dx, y as isize + dy);
                if nx >= 0 && ny >= 0 && (nx as usize) < width && (ny as usize) < height {
                    cells[ny as usize * width + nx as usize] = FREE;
                }
            }
        }
        for (player, &head) in heads.iter().enumerate().take(players) {
            cells[usize::from(head)] = HEAD + player as u8;
        }
        Ok(Self::with_cells(width, height, cells, players, heads, 0))
    }

    /// A board from text: rows from the top, separated by newlines or `/`, of `.` (free),
    /// `#` (obstacle), `a`–`d` (a wall left by player A–D) and `A`–`D` (a player's head).
    /// Blank lines and spaces around rows are ignored. The players are the heads found,
    /// `A`, `B`, … without gaps. `first` is the seat whose turn it is; a player who cannot
    /// move when its turn comes is out, as in play (so the position may already be over).
    /// Every player starts in, in round 0.
    ///
    /// # Errors
    /// [`GridError::Ragged`], [`GridError::Character`], [`GridError::Head`],
    /// [`GridError::Players`], [`GridError::Size`], [`GridError::FirstPlayer`].
    pub fn parse(text: &str, first: usize) -> Result<Self, GridError> {
        let mut cells = [FREE; CELLS];
        let mut width = 0;
        let mut height = 0;
        let mut heads = [None; MAX_SURVIVORS];
        for line in text.split(['\n', '/']).map(str::trim).filter(|line| !line.is_empty()) {
            let row = height;
            let length = line.chars().count();
            if row == 0 {
                width = length;
            } else if length != width {
                return Err(GridError::Ragged { row, length, expected: width });
            }
            for (column, c) in line.chars().enumerate() {
                let code = match c {
                    '.' => FREE,
                    '#' => OBSTACLE,
                    'a'..='d' => TRAIL + (c as u8 - b'a'),
                    'A'..='D' => {
                        let player = usize::from(c as u8 - b'A');
                        if heads[player].is_some() {
                            return Err(GridError::Head { player });
                        }
                        heads[player] = Some(row * width + column);
                        HEAD + player as u8
                    }
                    found => return Err(GridError::Character { row, column, found }),
                };
                let index = row * width + column;
                if index >= CELLS || index > usize::from(u16::MAX) {
                    return Err(GridError::Size { width, height: row + 1, capacity: CELLS });
                }
                cells[index] = code;
            }
            height += 1;
        }
        check_size::<CELLS>(width, height)?;
        let players = heads.iter().take_while(|head| head.is_some()).count();
        if let Some(player) = heads.iter().skip(players).position(Option::is_some) {
            return Err(GridError::Head { player: players + player });
        }
        if players < 2 {
            return Err(GridError::Players { found: players });
        }
        if first >= players {
            return Err(GridError::FirstPlayer { seat: first, players });
        }
        let mut head_cells = [0u16; MAX_SURVIVORS];
        for (cell, head) in head_cells.iter_mut().zip(heads) {
            *cell = head.unwrap_or(0) as u16;
        }
        Ok(Self::with_cells(width, height, cells, players, head_cells, first))
    }

    /// The position from validated parts, with `first` to move (players who cannot move are
    /// put out from there on).
    fn with_cells(
        width: usize,
        height: usize,
        cells: [u8; CELLS],
        players: usize,
        heads: [u16; MAX_SURVIVORS],
        first: usize,
    ) -> Self {
        let mut game = Self {
            width: width as u8,
            height: height as u8,
            cells,
            players: players as u8,
            heads,
            in_mask: (1u8 << players) - 1,
            out_round: [0; MAX_SURVIVORS],
            round: 0,
            to_move: first as u8,
            outcome: None,
            key: 0,
        };
        game.key = game.key_from_scratch();
        game.advance(first);
        game
    }

    /// Columns.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Rows.
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// The number of players (out players included).
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The cell index of `(x, y)`, `None` off the board.
    pub fn index(&self, x: usize, y: usize) -> Option<u16> {
        (x < self.width() && y < self.height()).then(|| (y * self.width() + x) as u16)
    }

    /// The `(x, y)` of a cell index.
    pub fn coordinates(&self, cell: u16) -> (usize, usize) {
        (usize::from(cell) % self.width(), usize::from(cell) / self.width())
    }

    /// What the cell at `(x, y)` holds, `None` off the board.
    pub fn cell(&self, x: usize, y: usize) -> Option<Cell> {
        self.index(x, y).map(|index| Cell::from_code(self.cells[usize::from(index)]))
    }

    /// The cell next to `cell` in `direction`, `None` off the board.
    pub fn neighbour(&self, cell: u16, direction: Direction) -> Option<u16> {
        let (x, y) = self.coordinates(cell);
        let (x, y) = match direction {
            Direction::North => (x, y.checked_sub(1)?),
            Direction::East => (x + 1, y),
            Direction::South => (x, y + 1),
            Direction::West => (x.checked_sub(1)?, y),
        };
        self.index(x, y)
    }

    /// Player `player`'s head, `None` for a seat beyond the players.
    pub fn head(&self, player: usize) -> Option<u16> {
        (player < self.players()).then(|| self.heads[player])
    }

    /// Whether player `player` is still in.
    pub fn is_in(&self, player: usize) -> bool {
        player < self.players() && self.in_mask & (1 << player) != 0
    }

    /// The number of players still in.
    pub fn players_in(&self) -> usize {
        self.in_mask.count_ones() as usize
    }

    /// The round being played (0 first).
    pub fn round(&self) -> usize {
        usize::from(self.round)
    }

    /// How the game ended, `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The destination of a step of the player to move in `direction`, if that step is legal.
    pub fn destination(&self, direction: Direction) -> Option<u16> {
        let cell = self.neighbour(self.heads[usize::from(self.to_move)], direction)?;
        self.is_legal(cell).then_some(cell)
    }

    /// Plays `cell` for the player to move, after checking that it is legal (to play without
    /// taking back; the search uses [`MultiGame::make_move`]).
    ///
    /// # Errors
    /// [`GridError::IllegalMove`] when the game is over or `cell` is not a free neighbour of
    /// the head of the player to move; the position is unchanged.
    pub fn play(&mut self, cell: u16) -> Result<(), GridError> {
        if !self.is_legal(cell) {
            return Err(GridError::IllegalMove { cell });
        }
        self.make_move(cell);
        Ok(())
    }

    /// The Zobrist key computed from the whole position; [`MultiGame::zobrist_key`] keeps the
    /// same key incrementally.
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = turn_key(usize::from(self.to_move));
        for (index, &code) in self.cells.iter().enumerate().take(self.width() * self.height()) {
            if code == OBSTACLE || (TRAIL..HEAD).contains(&code) {
                key ^= wall_key(index as u16);
            }
        }
        for player in 0..self.players() {
            key ^= head_key(player, self.heads[player]);
            if !self.is_in(player) {
                key ^= out_key(player, self.out_round[player] == self.round);
            }
        }
        key
    }

    /// Each player's territory: the free cells it reaches strictly before every other player
    /// still in (breadth-first, through free cells, from the heads; a cell reached first by
    /// two players at once belongs to neither, nor do the cells reached first through it).
    /// Players out have none.
    pub fn territories(&self) -> [u16; MAX_SURVIVORS] {
        const UNSEEN: u16 = u16::MAX;
        const CONTESTED: u8 = u8::MAX;
        let mut distance = [UNSEEN; CELLS];
        let mut owner = [CONTESTED; CELLS];
        let mut queue = [0u16; CELLS];
        let (mut read, mut write) = (0, 0);
        for player in (0..self.players()).filter(|&p| self.is_in(p)) {
            let head = usize::from(self.heads[player]);
            distance[head] = 0;
            owner[head] = player as u8;
            queue[write] = self.heads[player];
            write += 1;
        }
        while read < write {
            let cell = queue[read];
            read += 1;
            let (from, next) = (usize::from(cell), distance[usize::from(cell)] + 1);
            for direction in Direction::ALL {
                let Some(to) = self.neighbour(cell, direction) else { continue };
                let to = usize::from(to);
                if self.cells[to] != FREE {
                    continue;
                }
                if distance[to] == UNSEEN {
                    distance[to] = next;
                    owner[to] = owner[from];
                    queue[write] = to as u16;
                    write += 1;
                } else if distance[to] == next && owner[to] != owner[from] {
                    owner[to] = CONTESTED;
                }
            }
        }
        let mut territories = [0u16; MAX_SURVIVORS];
        for &cell in &queue[..write] {
            let cell = usize::from(cell);
            if let Some(count) = territories.get_mut(usize::from(owner[cell])) {
                // Heads are not free cells and are not counted.
                *count += u16::from(self.cells[cell] == FREE);
            }
        }
        territories
    }

    fn is_legal(&self, cell: u16) -> bool {
        let player = usize::from(self.to_move);
        self.outcome.is_none()
            && self.is_in(player)
            && usize::from(cell) < self.width() * self.height()
            && self.cells[usize::from(cell)] == FREE
            && Direction::ALL
                .iter()
                .any(|&direction| self.neighbour(self.heads[player], direction) == Some(cell))
    }

    fn can_move(&self, player: usize) -> bool {
        Direction::ALL.iter().any(|&direction| {
            self.neighbour(self.heads[player], direction)
                .is_some_and(|cell| self.cells[usize::from(cell)] == FREE)
        })
    }

    fn set_turn(&mut self, player: usize) {
        self.key ^= turn_key(usize::from(self.to_move)) ^ turn_key(player);
        self.to_move = player as u8;
    }

    /// Passes the turn to `seat` or the next seat after it that can move, putting out the
    /// players who cannot and ending rounds (and perhaps the game) on the way.
    fn advance(&mut self, mut seat: usize) {
        loop {
            if seat >= self.players() {
                seat = 0;
                if self.end_round() {
                    return;
                }
            }
            if self.is_in(seat) {
                if !self.can_move(seat) {
                    self.in_mask &= !(1 << seat);
                    self.out_round[seat] = self.round;
                    self.key ^= out_key(seat, true);
                } else {
                    self.set_turn(seat);
                    if self.players_in() == 1 {
                        // Alone and able to move: it survives the round, and wins.
                        self.outcome = Some(Outcome::Winner(seat));
                    }
                    return;
                }
            }
            seat += 1;
        }
    }

    /// Ends the round; `true` when that ends the game.
    fn end_round(&mut self) -> bool {
        let ended = self.round;
        let went_out = |game: &Self, p: usize| !game.is_in(p) && game.out_round[p] == ended;
        match self.players_in() {
            0 => {
                let mask = (0..self.players())
                    .filter(|&p| went_out(self, p))
                    .fold(0u8, |mask, p| mask | 1 << p);
                self.outcome = Some(Outcome::Draw(mask));
                return true;
            }
            1 => {
                self.outcome = Some(Outcome::Winner(self.in_mask.trailing_zeros() as usize));
                return true;
            }
            _ => {}
        }
        for player in 0..self.players() {
            if went_out(self, player) {
                self.key ^= out_key(player, true) ^ out_key(player, false);
            }
        }
        self.round += 1;
        false
    }
}

fn check_size<const CELLS: usize>(width: usize, height: usize) -> Result<(), GridError> {
    let cells = width * height;
    if width == 0 || height == 0 || width > 255 || height > 255 || cells > CELLS {
        return Err(GridError::Size { width, height, capacity: CELLS });
    }
    if cells > usize::from(u16::MAX) {
        return Err(GridError::Size { width, height, capacity: usize::from(u16::MAX) });
    }
    Ok(())
}

impl<const CELLS: usize> MultiGame for GridSurvivor<CELLS> {
    type Move = u16;
    type Undo = SurvivorUndo;

    fn num_players(&self) -> usize {
        self.players()
    }

    fn player_to_move(&self) -> usize {
        usize::from(self.to_move)
    }

    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u16, N>) {
        self.generate_moves_for(usize::from(self.to_move), moves);
    }

    fn make_move(&mut self, cell: u16) -> SurvivorUndo {
        let player = usize::from(self.to_move);
        let mut undo = SurvivorUndo {
            from: self.heads[player],
            moved: false,
            to_move: self.to_move,
            in_mask: self.in_mask,
            out_round: self.out_round,
            round: self.round,
            outcome: self.outcome,
            key: self.key,
        };
        // A move the game did not generate leaves the position as it is.
        if !self.is_legal(cell) {
            return undo;
        }
        let from = self.heads[player];
        self.cells[usize::from(from)] = TRAIL + player as u8;
        self.cells[usize::from(cell)] = HEAD + player as u8;
        self.heads[player] = cell;
        self.key ^= wall_key(from) ^ head_key(player, from) ^ head_key(player, cell);
        self.advance(player + 1);
        undo.moved = true;
        undo
    }

    fn unmake_move(&mut self, cell: u16, undo: SurvivorUndo) {
        if undo.moved {
            let player = usize::from(undo.to_move);
            // `get_mut`: a wrong `cell` (not the move made) must not panic.
            if let Some(code) = self.cells.get_mut(usize::from(cell)) {
                *code = FREE;
            }
            self.cells[usize::from(undo.from)] = HEAD + undo.to_move;
            self.heads[player] = undo.from;
        }
        self.to_move = undo.to_move;
        self.in_mask = undo.in_mask;
        self.out_round = undo.out_round;
        self.round = undo.round;
        self.outcome = undo.outcome;
        self.key = undo.key;
    }

    fn is_terminal(&self) -> bool {
        self.outcome.is_some()
    }

    fn zobrist_key(&self) -> u64 {
        self.key
    }

    fn supports_out_of_turn(&self) -> bool {
        true
    }

    fn generate_moves_for<const N: usize>(&self, player: usize, moves: &mut MoveList<u16, N>) {
        if self.outcome.is_some() || !self.is_in(player) {
            return;
        }
        for direction in Direction::ALL {
            if let Some(cell) = self.neighbour(self.heads[player], direction) {
                if self.cells[usize::from(cell)] == FREE {
                    let _ = moves.push(cell); // an overflow is reported by the engine
                }
            }
        }
    }

    fn set_player_to_move(&mut self, player: usize) {
        if player < self.players() {
            self.set_turn(player);
        }
    }
}

impl<const CELLS: usize> fmt::Display for GridSurvivor<CELLS> {
    /// The board as [`GridSurvivor::parse`] reads it, one row per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height() {
            for x in 0..self.width() {
                let cell = self.cell(x, y).unwrap_or(Cell::Obstacle);
                write!(f, "{}", cell.to_char())?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl<const CELLS: usize> fmt::Debug for GridSurvivor<CELLS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GridSurvivor")
            .field("board", &format_args!("\n{self}"))
            .field("to_move", &self.to_move)
            .field("in_mask", &self.in_mask)
            .field("round", &self.round)
            .field("outcome", &self.outcome)
            .finish()
    }
}

/// The largest share of a position's value an evaluation hands out: `WIN - MAX_MATE_PLY - 1`
/// (995,903), just below the range of win scores.
pub const SHARE: i32 = 1_000_000 - MAX_MATE_PLY as i32 - 1;

/// The grid-survivor evaluator, in `i32`: one score per player, never negative, summing to at
/// most [`Score::WIN`].
///
/// * Won: the winner `win_in(ply)` (faster wins score higher), the others 0.
/// * Drawn among `k` players: each of them `SHARE / k`, the others 0.
/// * Not over: [`SHARE`] split in proportion to the players' territories
///   ([`GridSurvivor::territories`]; rounded down); players out get 0. When no one has any
///   territory, the players still in share it equally.
///
/// It declares the bounds for max^n's shallow pruning: every score at least 0, the sum at
/// most `WIN` (1,000,000).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SurvivorEval;

impl<const CELLS: usize> MultiEvaluator<GridSurvivor<CELLS>> for SurvivorEval {
    type Score = i32;

    fn evaluate(&self, game: &GridSurvivor<CELLS>, ctx: EvalContext, scores: &mut [i32]) {
        let players = game.players().min(scores.len());
        match game.outcome() {
            Some(Outcome::Winner(winner)) => {
                if let Some(score) = scores.get_mut(winner) {
                    *score = i32::win_in(ctx.ply);
                }
            }
            Some(Outcome::Draw(mask)) => {
                let share = SHARE / mask.count_ones().max(1) as i32;
                for (player, score) in scores.iter_mut().enumerate().take(players) {
                    if mask & (1 << player) != 0 {
                        *score = share;
                    }
                }
            }
            None => {
                let territories = game.territories();
                let total: i64 = territories.iter().map(|&t| i64::from(t)).sum();
                let equal = SHARE / game.players_in().max(1) as i32;
                for (player, score) in scores.iter_mut().enumerate().take(players) {
                    if !game.is_in(player) {
                        continue;
                    }
                    *score = if total == 0 {
                        equal
                    } else {
                        (i64::from(territories[player]) * i64::from(SHARE) / total) as i32
                    };
                }
            }
        }
    }

    fn bounds(&self) -> Option<ScoreBounds<i32>> {
        Some(ScoreBounds { min_score: 0, max_sum: i32::WIN })
    }
}
