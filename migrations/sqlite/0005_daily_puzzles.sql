-- The day's puzzle of each game, found once and kept: a restart (or another
-- process) does not search for it again.
CREATE TABLE IF NOT EXISTS daily_puzzles (
    game TEXT NOT NULL,                  -- the game and board: connect4, dots-5x4
    day INTEGER NOT NULL,                -- days since 1970-01-01 (UTC)
    start TEXT NOT NULL,                 -- JSON: the moves to the puzzle's position
    solution INTEGER NOT NULL,           -- the move that solves it
    goal INTEGER NOT NULL,               -- win within this many moves / margin in boxes
    PRIMARY KEY (game, day)
);
