// Migration 7: exact token counts are kept, so a cold process can fit a long session into the window without
// loading the tokenizer: messages.tokens (NULL until counted; reset when the text changes) and token_counts,
// counts of other texts (system prompts, tool definitions) by their SHA-256.
import type { Database } from '../sqlite-driver';

export const version = 7;

export function up(db: Database): void {
  db.exec(`
    ALTER TABLE messages ADD COLUMN tokens INTEGER;
    CREATE TRIGGER messages_tokens_reset AFTER UPDATE OF content, tool_calls, name ON messages
      WHEN new.tokens IS NOT NULL AND old.tokens IS new.tokens BEGIN
      UPDATE messages SET tokens = NULL WHERE id = new.id;
    END;
    CREATE TABLE token_counts (
      digest   TEXT PRIMARY KEY,
      tokens   INTEGER NOT NULL,
      used_at  INTEGER NOT NULL
    ) STRICT;
  `);
}
