-- 1: the channel's boards link to their live web page (/settings live-links).
ALTER TABLE channel_settings ADD COLUMN live_links INTEGER NOT NULL DEFAULT 1;
