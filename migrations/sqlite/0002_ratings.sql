-- Ranked play: a match says whether it was ranked, and each person has a
-- rating per server and game. SQLite flavour; migrations/postgres holds the
-- same schema for PostgreSQL.

ALTER TABLE matches ADD COLUMN ranked INTEGER NOT NULL DEFAULT 0;  -- 1: the match changed ratings

CREATE TABLE IF NOT EXISTS ratings (
    guild INTEGER NOT NULL,
    game TEXT NOT NULL,              -- the game command: connect4, connect4-3p, connect4-3d, dots
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,              -- the person's name in their latest rated match
    value REAL NOT NULL,             -- Glicko-2 rating, or Weng-Lin mu (connect4-3p)
    deviation REAL NOT NULL,         -- Glicko-2 deviation, or Weng-Lin sigma
    volatility REAL NOT NULL,        -- Glicko-2 volatility (0 for Weng-Lin)
    games INTEGER NOT NULL,          -- ranked matches played
    wins INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    losses INTEGER NOT NULL,
    last_change REAL NOT NULL,       -- the shown rating's change in the latest ranked match
    streak INTEGER NOT NULL,         -- ranked wins in a row, up to now
    best_streak INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,     -- ms since the epoch
    PRIMARY KEY (guild, game, user_id)
);

CREATE INDEX IF NOT EXISTS ratings_board ON ratings (guild, game, value);
