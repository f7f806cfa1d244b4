-- Who started a conversation with the assistant: a site's own widget ('web') or a program with an
-- assistant key through the discovery API ('api'); the analytics API's caller stats count by it.
ALTER TABLE assistant_threads ADD COLUMN caller text NOT NULL DEFAULT 'web' CHECK (caller IN ('web', 'api', 'other'));
