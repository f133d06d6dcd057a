-- Ranked play: a match says whether it was ranked, and each person has a
-- rating per server and game. PostgreSQL flavour; migrations/sqlite holds the
-- same schema for SQLite.

ALTER TABLE matches ADD COLUMN ranked BIGINT NOT NULL DEFAULT 0;  -- 1: the match changed ratings

CREATE TABLE IF NOT EXISTS ratings (
    guild BIGINT NOT NULL,
    game TEXT NOT NULL,              -- the game command: connect4, connect4-3p, connect4-3d, dots
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,              -- the person's name in their latest rated match
    value DOUBLE PRECISION NOT NULL,             -- Glicko-2 rating, or Weng-Lin mu (connect4-3p)
    deviation DOUBLE PRECISION NOT NULL,         -- Glicko-2 deviation, or Weng-Lin sigma
    volatility DOUBLE PRECISION NOT NULL,        -- Glicko-2 volatility (0 for Weng-Lin)
    games BIGINT NOT NULL,          -- ranked matches played
    wins BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    last_change DOUBLE PRECISION NOT NULL,       -- the shown rating's change in the latest ranked match
    streak BIGINT NOT NULL,         -- ranked wins in a row, up to now
    best_streak BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,     -- ms since the epoch
    PRIMARY KEY (guild, game, user_id)
);

CREATE INDEX IF NOT EXISTS ratings_board ON ratings (guild, game, value);
