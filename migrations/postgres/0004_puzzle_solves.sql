-- Who solved which daily puzzle, per server: /puzzle counts the solvers.
CREATE TABLE IF NOT EXISTS puzzle_solves (
    guild BIGINT NOT NULL,
    day BIGINT NOT NULL,                -- days since 1970-01-01 (UTC)
    game TEXT NOT NULL,                  -- the game command: connect4, dots
    user_id BIGINT NOT NULL,
    solved_at BIGINT NOT NULL,          -- ms since the epoch
    PRIMARY KEY (guild, day, game, user_id)
);
