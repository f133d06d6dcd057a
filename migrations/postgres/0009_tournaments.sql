-- Tournaments (one row each, kept after they finish): the state as JSON
-- (tournament::Tournament). Their games are ordinary rows of `tables` and
-- `matches`, so /stats counts them.
CREATE TABLE IF NOT EXISTS tournaments (
    id BIGINT PRIMARY KEY,          -- the tournament's number (a Discord snowflake)
    guild BIGINT NOT NULL,
    channel BIGINT NOT NULL,
    running BIGINT NOT NULL,        -- 1 from sign-up until it finishes
    stamp BIGINT NOT NULL,          -- bumped on every change
    state TEXT NOT NULL,
    broken TEXT,                     -- why the row could not be read; NULL: it can
    updated_at BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS tournaments_channel ON tournaments (channel, id);
CREATE INDEX IF NOT EXISTS tournaments_running ON tournaments (running);
