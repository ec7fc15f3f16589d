// Migration 12: a rule may name one tool of one MCP server by the server's configured name and the tool's own name
// (kind 'mcp_tool': `tool` the tool's name, `pattern` the server's); approval_rules is rebuilt for the new CHECK.
import type { Database } from '../sqlite-driver';

export const version = 12;

export function up(db: Database): void {
  // Tool rules stored under a model-facing MCP name (`mcp_<server>_<tool>`) are kept as they are here: only the
  // config knows the servers, and the core turns them into mcp_tool rules or drops them at start (legacy-mcp-rules.ts).
  db.exec(`
    CREATE TABLE approval_rules_next (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      tool        TEXT NOT NULL,
      kind        TEXT NOT NULL CHECK (kind IN ('tool','prefix','exact','server','host','mcp_tool')),
      pattern     TEXT NOT NULL DEFAULT '',
      cwd         TEXT NOT NULL DEFAULT '',
      created_at  INTEGER NOT NULL,
      UNIQUE (tool, kind, pattern, cwd)
    ) STRICT;
    INSERT INTO approval_rules_next (id, tool, kind, pattern, cwd, created_at)
      SELECT id, tool, kind, pattern, cwd, created_at FROM approval_rules;
    DROP TABLE approval_rules;
    ALTER TABLE approval_rules_next RENAME TO approval_rules;
  `);
}
