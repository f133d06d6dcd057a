-- Each channel's table defaults, set with /settings.
CREATE TABLE IF NOT EXISTS channel_settings (
    channel INTEGER PRIMARY KEY,
    guild INTEGER NOT NULL,
    timer INTEGER,                       -- seconds per move; NULL = no turn timer
    rotate INTEGER NOT NULL,             -- 1: the starter rotates after each match
    level TEXT NOT NULL,            -- the CPU level when a command names none
    ranked INTEGER NOT NULL,             -- 1: ranked matches may be played here
    updated_at INTEGER NOT NULL
);
