-- One row per person per finished match: what /stats counts, read through
-- an index instead of scanning every match's seats. Written with the match,
-- in the same transaction; matches recorded before this migration get
-- their rows when the store opens (results_written = 0 until then).
CREATE TABLE IF NOT EXISTS match_results (
    match_id BIGINT NOT NULL,          -- matches.id
    guild BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    game TEXT NOT NULL,                -- the game command
    ended_at BIGINT NOT NULL,          -- milliseconds since the epoch
    place TEXT,                        -- won, drew or lost; NULL when not counted (self-play, no result)
    vs_cpu TEXT,                       -- the CPU's level when a seat was a CPU's from the start
    ranked BIGINT NOT NULL,            -- 1 when the match changed ratings
    name TEXT NOT NULL,                -- their name in the match ('' when they left it)
    PRIMARY KEY (match_id, user_id)
);

CREATE INDEX IF NOT EXISTS match_results_person ON match_results (guild, user_id, ended_at, match_id);

ALTER TABLE matches ADD COLUMN results_written BIGINT NOT NULL DEFAULT 0;
