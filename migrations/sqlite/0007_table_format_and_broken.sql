-- Stored tables say which format their JSON is in (rows written before
-- have none: format 1), so a later release can migrate them; a row that
-- cannot be read back is kept with the reason and skipped at start.
ALTER TABLE tables ADD COLUMN format INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tables ADD COLUMN broken TEXT;          -- why the row could not be read; NULL: it can
