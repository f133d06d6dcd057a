-- Tables (one row per table ever opened) and finished matches.
-- SQLite flavour; migrations/postgres holds the same schema for PostgreSQL.

CREATE TABLE IF NOT EXISTS tables (
    no INTEGER PRIMARY KEY,          -- the table's number (a Discord snowflake)
    guild INTEGER NOT NULL,
    channel INTEGER NOT NULL,
    running INTEGER NOT NULL,        -- 1 while an invitation waits or a match is played
    stamp INTEGER NOT NULL,          -- the table's stamp: controls drawn for another are stale
    state TEXT NOT NULL,             -- the table as JSON (table::Table)
    deadline INTEGER,                -- the next clock to fire, milliseconds since the epoch
    board_channel INTEGER,           -- where the board message is
    board_message INTEGER,
    board_token TEXT,                -- the interaction token that may edit the board
    board_token_at INTEGER,          -- when that token was issued (ms since the epoch)
    board_stamp INTEGER,              -- the table stamp the board message shows
    updated_at INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS tables_running ON tables (running, channel);
CREATE INDEX IF NOT EXISTS tables_channel ON tables (channel, no);

CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_no INTEGER NOT NULL,
    match_no INTEGER NOT NULL,       -- 1 for the table's first match, then 2, ...
    guild INTEGER NOT NULL,
    channel INTEGER NOT NULL,
    game TEXT NOT NULL,              -- the game command: connect4, connect4-3p, connect4-3d, dots
    size TEXT NOT NULL,              -- board size: 7x6, 9x9, 4x4x4, 5x4 ...
    seats TEXT NOT NULL,             -- JSON: per seat, a person {id, name} or a CPU {level}
    moves TEXT NOT NULL,             -- JSON: the move names in order
    result TEXT NOT NULL,            -- win, draw or resigned ...
    winner INTEGER,                  -- the winning seat, if any
    ended_by TEXT NOT NULL,          -- board, resign, ...
    started_at INTEGER NOT NULL,
    ended_at INTEGER NOT NULL,
    UNIQUE (table_no, match_no)
);

CREATE INDEX IF NOT EXISTS matches_channel ON matches (channel, ended_at);
CREATE INDEX IF NOT EXISTS matches_guild ON matches (guild, game, ended_at);
