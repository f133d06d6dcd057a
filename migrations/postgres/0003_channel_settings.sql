-- Each channel's table defaults, set with /settings.
CREATE TABLE IF NOT EXISTS channel_settings (
    channel BIGINT PRIMARY KEY,
    guild BIGINT NOT NULL,
    timer BIGINT,                       -- seconds per move; NULL = no turn timer
    rotate BIGINT NOT NULL,             -- 1: the starter rotates after each match
    level TEXT NOT NULL,            -- the CPU level when a command names none
    ranked BIGINT NOT NULL,             -- 1: ranked matches may be played here
    updated_at BIGINT NOT NULL
);
