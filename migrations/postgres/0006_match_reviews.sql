-- Each finished match's review, judged once and kept: a second /review of
-- it (here or in another process) does not search again.
CREATE TABLE IF NOT EXISTS match_reviews (
    match_id BIGINT PRIMARY KEY,          -- the match's number, as /review takes it
    judged TEXT NOT NULL,                -- JSON: each position's judgement
    judged_at BIGINT NOT NULL             -- milliseconds since the epoch
);
