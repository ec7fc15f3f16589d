var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src-main/core/store/home-database.ts
import { existsSync as existsSync3, mkdirSync as mkdirSync3, rmSync as rmSync3, writeFileSync } from "node:fs";
import { dirname as dirname2, join as join2 } from "node:path";

// src-main/core/store/db-backup.ts
import { randomBytes } from "node:crypto";
import { readdirSync, renameSync, rmSync, statSync as statSync2 } from "node:fs";
import { join } from "node:path";

// src-main/core/lib/process-alive.ts
import { readFileSync } from "node:fs";
function isProcessAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (err.code !== "EPERM") return false;
  }
  if (process.platform === "linux") {
    try {
      return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
      return false;
    }
  }
  return true;
}

// src-main/core/lib/private-files.ts
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
function tightenMode(path, allowed) {
  try {
    const mode = statSync(path).mode & 4095;
    if (mode & ~allowed) chmodSync(path, mode & allowed);
  } catch {
  }
}
function privateFolder(path) {
  mkdirSync(path, { recursive: true, mode: 448 });
  tightenMode(path, 448);
}
function privateFile(path) {
  if (!existsSync(path)) closeSync(openSync(path, "a", 384));
  tightenMode(path, 384);
}

// src-main/core/store/db-backup.ts
var BACKUPS_KEPT = 3;
var BACKUP_EVERY_MS = 24 * 60 * 6e4;
var NAME = /^nanotray-(\d{8}T\d{6}Z)(?:-(\w+))?\.db$/;
function stamp(at) {
  return new Date(at).toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
}
function parseStamp(text) {
  const iso = `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T${text.slice(9, 11)}:${text.slice(11, 13)}:${text.slice(13, 15)}Z`;
  return Date.parse(iso);
}
function listBackups(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    try {
      found.push({ path: join(dir, name), at: parseStamp(m[1]), reason: m[2] ?? "daily", bytes: statSync2(join(dir, name)).size });
    } catch {
    }
  }
  return found.sort((a, b) => b.at - a.at || b.path.localeCompare(a.path));
}
var TEMP = /\.db\.(\d+)-[0-9a-f]+\.tmp$/;
function paths(dir, at, reason) {
  privateFolder(dir);
  const final = join(dir, `nanotray-${stamp(at)}-${reason}.db`);
  return { final, temp: `${final}.${process.pid}-${randomBytes(4).toString("hex")}.tmp` };
}
function pruneBackups(dir) {
  for (const old of listBackups(dir).slice(BACKUPS_KEPT)) rmSync(old.path, { force: true });
  try {
    for (const name of readdirSync(dir)) {
      const writer = TEMP.exec(name)?.[1];
      const left = writer !== void 0 ? !isProcessAlive(Number(writer)) : name.endsWith(".db.tmp");
      if (left) rmSync(join(dir, name), { force: true });
    }
  } catch {
  }
}
function backupNow(db, dir, at, reason) {
  const { final, temp } = paths(dir, at, reason);
  try {
    db.prepare("VACUUM INTO ?").run(temp);
    renameSync(temp, final);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  pruneBackups(dir);
  return { path: final, at, reason, bytes: statSync2(final).size };
}

// src-main/core/store/db-repair.ts
import { copyFileSync, existsSync as existsSync2, renameSync as renameSync2, rmSync as rmSync2 } from "node:fs";

// src-main/core/store/sqlite-driver.ts
import { createRequire } from "node:module";
var nodeMajor = Number(process.versions.node.split(".")[0]);
var isElectron = Boolean(process.versions.electron);
var cached;
function withBuiltAddon(Driver, req) {
  let addon;
  try {
    addon = req.resolve("better-sqlite3-node20/build/Release/better_sqlite3.node");
  } catch {
    return Driver;
  }
  return class extends Driver {
    constructor(file, options) {
      super(file, { nativeBinding: addon, ...options });
    }
  };
}
function sqliteDriver() {
  if (cached) return cached;
  const req = createRequire(import.meta.url);
  const node20 = !isElectron && nodeMajor < 22;
  const Driver = req(node20 ? "better-sqlite3-node20" : "better-sqlite3");
  cached = node20 ? withBuiltAddon(Driver, req) : Driver;
  return cached;
}

// src-main/core/store/db-repair.ts
function isDatabaseDamage(err) {
  const code = err?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB");
}
function passesQuickCheck(file) {
  let db;
  try {
    db = new (sqliteDriver())(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma("quick_check");
    return rows.length === 1 && rows[0]?.quick_check === "ok";
  } catch {
    return false;
  } finally {
    try {
      db?.close();
    } catch {
    }
  }
}
var COMPANIONS = ["-wal", "-shm", "-journal"];
function fileStamp(at) {
  return new Date(at).toISOString().replace(/:/g, "-").replace(/\.\d+Z$/, "Z");
}
var CHUNK = 200;
function recoverTable(from, to, table) {
  const target = new Set(to.prepare(`PRAGMA table_info("${table}")`).all().map((c) => c.name));
  let columns;
  try {
    columns = from.prepare(`PRAGMA table_info("${table}")`).all().map((c) => c.name).filter((c) => target.has(c));
  } catch {
    return 0;
  }
  if (columns.length === 0) return 0;
  const list = columns.map((c) => `"${c}"`).join(", ");
  const insert = to.prepare(`INSERT OR IGNORE INTO "${table}" (${list}) VALUES (${columns.map(() => "?").join(", ")})`);
  const read = from.prepare(`SELECT rowid AS __rowid, ${list} FROM "${table}" WHERE rowid > ? ORDER BY rowid LIMIT ${CHUNK}`);
  let copied = 0;
  let after = 0;
  let skip = CHUNK;
  for (let tries = 0; tries < 1e5; tries++) {
    let rows;
    try {
      rows = read.all(after);
      skip = CHUNK;
    } catch {
      after += skip;
      skip *= 2;
      if (skip > 1e12) break;
      continue;
    }
    if (rows.length === 0) break;
    to.transaction(() => {
      for (const row of rows) copied += insert.run(...columns.map((c) => row[c])).changes;
    })();
    after = Number(rows.at(-1).__rowid);
  }
  return copied;
}
function setDamagedAside(file, backupsDir, now) {
  const damagedKeptAt = `${file}.damaged-${fileStamp(now)}`;
  renameSync2(file, damagedKeptAt);
  for (const suffix of COMPANIONS) {
    if (existsSync2(file + suffix)) renameSync2(file + suffix, damagedKeptAt + suffix);
  }
  const good = listBackups(backupsDir).find((b) => passesQuickCheck(b.path));
  if (!good) return { damagedKeptAt };
  const temp = `${file}.restoring`;
  try {
    copyFileSync(good.path, temp);
    renameSync2(temp, file);
  } catch (err) {
    rmSync2(temp, { force: true });
    throw err;
  }
  return { damagedKeptAt, restoredFrom: good };
}
function recoverRows(damagedFile, into) {
  const recovered = {};
  let from;
  try {
    from = new (sqliteDriver())(damagedFile, { readonly: true, fileMustExist: true });
    const tables = into.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'").all().map((t) => t.name).filter((name) => !/_fts(_|$)/.test(name));
    into.pragma("foreign_keys = OFF");
    for (const table of tables) {
      const n = recoverTable(from, into, table);
      if (n > 0) recovered[table] = n;
    }
  } catch {
  } finally {
    into.pragma("foreign_keys = ON");
    try {
      from?.close();
    } catch {
    }
  }
  return recovered;
}

// src-main/core/store/db.ts
import { mkdirSync as mkdirSync2 } from "node:fs";
import { dirname } from "node:path";

// src-main/core/store/migrations/0001-init.ts
var init_exports = {};
__export(init_exports, {
  up: () => up,
  version: () => version
});
var version = 1;
function up(db) {
  db.exec(`
    CREATE TABLE sessions (
      key         TEXT PRIMARY KEY,
      channel     TEXT NOT NULL,
      chat_id     TEXT NOT NULL,
      title       TEXT NOT NULL DEFAULT '',
      created_at  INTEGER NOT NULL,
      updated_at  INTEGER NOT NULL,
      metadata    TEXT NOT NULL DEFAULT '{}'
    ) STRICT;
    CREATE INDEX sessions_updated ON sessions(updated_at DESC);

    CREATE TABLE messages (
      id            INTEGER PRIMARY KEY AUTOINCREMENT,
      session_key   TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
      turn_id       TEXT,
      role          TEXT NOT NULL CHECK (role IN ('system','user','assistant','tool')),
      content       TEXT,
      tool_calls    TEXT,
      tool_call_id  TEXT,
      name          TEXT,
      usage         TEXT,
      meta          TEXT NOT NULL DEFAULT '{}',
      created_at    INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX messages_session ON messages(session_key, id);

    CREATE VIRTUAL TABLE messages_fts USING fts5(content, content='messages', content_rowid='id', tokenize='unicode61');
    CREATE TRIGGER messages_ai AFTER INSERT ON messages WHEN new.content IS NOT NULL BEGIN
      INSERT INTO messages_fts(rowid, content) VALUES (new.id, new.content);
    END;
    CREATE TRIGGER messages_ad AFTER DELETE ON messages WHEN old.content IS NOT NULL BEGIN
      INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.id, old.content);
    END;
    CREATE TRIGGER messages_au AFTER UPDATE OF content ON messages BEGIN
      INSERT INTO messages_fts(messages_fts, rowid, content) SELECT 'delete', old.id, old.content WHERE old.content IS NOT NULL;
      INSERT INTO messages_fts(rowid, content) SELECT new.id, new.content WHERE new.content IS NOT NULL;
    END;

    CREATE TABLE tool_events (
      id            INTEGER PRIMARY KEY AUTOINCREMENT,
      session_key   TEXT NOT NULL,
      turn_id       TEXT NOT NULL,
      call_id       TEXT NOT NULL,
      name          TEXT NOT NULL,
      args          TEXT NOT NULL,
      status        TEXT NOT NULL CHECK (status IN ('ok','error','denied')),
      result        TEXT NOT NULL DEFAULT '',
      started_at    INTEGER NOT NULL,
      duration_ms   INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX tool_events_session ON tool_events(session_key, id);

    CREATE TABLE usage (
      id                 INTEGER PRIMARY KEY AUTOINCREMENT,
      at                 INTEGER NOT NULL,
      session_key        TEXT NOT NULL,
      turn_id            TEXT,
      source             TEXT NOT NULL,
      model              TEXT NOT NULL,
      prompt_tokens      INTEGER NOT NULL DEFAULT 0,
      completion_tokens  INTEGER NOT NULL DEFAULT 0,
      total_tokens       INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE INDEX usage_at ON usage(at);
    CREATE INDEX usage_source_at ON usage(source, at);

    CREATE TABLE audit (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      at           INTEGER NOT NULL,
      session_key  TEXT,
      source       TEXT NOT NULL CHECK (source IN ('tool','ui','cli')),
      key          TEXT NOT NULL,
      outcome      TEXT NOT NULL,
      detail       TEXT NOT NULL DEFAULT ''
    ) STRICT;

    CREATE TABLE approval_rules (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      tool        TEXT NOT NULL,
      kind        TEXT NOT NULL CHECK (kind IN ('tool','prefix','server')),
      pattern     TEXT NOT NULL DEFAULT '',
      created_at  INTEGER NOT NULL,
      UNIQUE (tool, kind, pattern)
    ) STRICT;

    CREATE TABLE cron_jobs (
      id                  TEXT PRIMARY KEY,
      name                TEXT NOT NULL,
      session_key         TEXT NOT NULL,
      message             TEXT NOT NULL,
      kind                TEXT NOT NULL CHECK (kind IN ('every','cron','at')),
      every_seconds       INTEGER,
      cron_expr           TEXT,
      tz                  TEXT,
      at                  TEXT,
      enabled             INTEGER NOT NULL DEFAULT 1,
      consecutive_errors  INTEGER NOT NULL DEFAULT 0,
      last_status         TEXT,
      last_error          TEXT,
      last_run_at         INTEGER,
      created_at          INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE cron_runs (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      job_id       TEXT NOT NULL,
      started_at   INTEGER NOT NULL,
      duration_ms  INTEGER NOT NULL DEFAULT 0,
      status       TEXT NOT NULL CHECK (status IN ('ok','error','skipped')),
      error        TEXT,
      late         INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE INDEX cron_runs_job ON cron_runs(job_id, id);

    CREATE TABLE heartbeat_runs (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      started_at   INTEGER NOT NULL,
      duration_ms  INTEGER NOT NULL DEFAULT 0,
      outcome      TEXT NOT NULL CHECK (outcome IN ('ran','silent','notified','skipped','failed')),
      reason       TEXT NOT NULL DEFAULT '',
      tokens       INTEGER NOT NULL DEFAULT 0,
      message      TEXT NOT NULL DEFAULT ''
    ) STRICT;
    CREATE INDEX heartbeat_runs_started ON heartbeat_runs(started_at);

    CREATE TABLE memory_versions (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      path        TEXT NOT NULL,
      content     TEXT NOT NULL,
      author      TEXT NOT NULL CHECK (author IN ('user','agent','external','system')),
      created_at  INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX memory_versions_path ON memory_versions(path, id);
  `);
}

// src-main/core/store/migrations/0002-tool-events-cascade.ts
var tool_events_cascade_exports = {};
__export(tool_events_cascade_exports, {
  up: () => up2,
  version: () => version2
});
var version2 = 2;
function up2(db) {
  db.exec(`
    CREATE TABLE tool_events_new (
      id            INTEGER PRIMARY KEY AUTOINCREMENT,
      session_key   TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
      turn_id       TEXT NOT NULL,
      call_id       TEXT NOT NULL,
      name          TEXT NOT NULL,
      args          TEXT NOT NULL,
      status        TEXT NOT NULL CHECK (status IN ('ok','error','denied')),
      result        TEXT NOT NULL DEFAULT '',
      started_at    INTEGER NOT NULL,
      duration_ms   INTEGER NOT NULL
    ) STRICT;

    INSERT INTO tool_events_new (id, session_key, turn_id, call_id, name, args, status, result, started_at, duration_ms)
      SELECT e.id, e.session_key, e.turn_id, e.call_id, e.name, e.args, e.status, e.result, e.started_at, e.duration_ms
        FROM tool_events e
       WHERE EXISTS (SELECT 1 FROM messages m WHERE m.session_key = e.session_key AND m.turn_id = e.turn_id);

    DROP TABLE tool_events;
    ALTER TABLE tool_events_new RENAME TO tool_events;
    CREATE INDEX tool_events_session ON tool_events(session_key, id);
  `);
}

// src-main/core/store/migrations/0003-host-approval-rules.ts
var host_approval_rules_exports = {};
__export(host_approval_rules_exports, {
  up: () => up3,
  version: () => version3
});
var version3 = 3;
function up3(db) {
  db.exec(`
    CREATE TABLE approval_rules_next (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      tool        TEXT NOT NULL,
      kind        TEXT NOT NULL CHECK (kind IN ('tool','prefix','server','host')),
      pattern     TEXT NOT NULL DEFAULT '',
      created_at  INTEGER NOT NULL,
      UNIQUE (tool, kind, pattern)
    ) STRICT;
    INSERT INTO approval_rules_next (id, tool, kind, pattern, created_at)
      SELECT id, tool, kind, pattern, created_at FROM approval_rules;
    DROP TABLE approval_rules;
    ALTER TABLE approval_rules_next RENAME TO approval_rules;
  `);
}

// src-main/core/store/migrations/0004-exec-rule-cwd.ts
var exec_rule_cwd_exports = {};
__export(exec_rule_cwd_exports, {
  up: () => up4,
  version: () => version4
});
var version4 = 4;
function up4(db) {
  db.exec(`
    CREATE TABLE approval_rules_next (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      tool        TEXT NOT NULL,
      kind        TEXT NOT NULL CHECK (kind IN ('tool','prefix','exact','server','host')),
      pattern     TEXT NOT NULL DEFAULT '',
      cwd         TEXT NOT NULL DEFAULT '',
      created_at  INTEGER NOT NULL,
      UNIQUE (tool, kind, pattern, cwd)
    ) STRICT;
    INSERT INTO approval_rules_next (id, tool, kind, pattern, created_at)
      SELECT id, tool, kind, pattern, created_at FROM approval_rules;
    DROP TABLE approval_rules;
    ALTER TABLE approval_rules_next RENAME TO approval_rules;
  `);
}

// src-main/core/store/migrations/0005-memory-pending.ts
var memory_pending_exports = {};
__export(memory_pending_exports, {
  up: () => up5,
  version: () => version5
});
var version5 = 5;
function up5(db) {
  db.exec(`
    CREATE TABLE memory_pending (
      id            INTEGER PRIMARY KEY AUTOINCREMENT,
      path          TEXT NOT NULL,
      base_version  TEXT NOT NULL,
      base_content  TEXT NOT NULL,
      proposed      TEXT NOT NULL,
      source        TEXT NOT NULL CHECK (source IN ('consolidation','agent')),
      session_key   TEXT NOT NULL DEFAULT '',
      tool          TEXT NOT NULL DEFAULT '',
      status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','accepted','rejected')),
      created_at    INTEGER NOT NULL,
      updated_at    INTEGER NOT NULL,
      resolved_at   INTEGER
    ) STRICT;
    CREATE INDEX memory_pending_status ON memory_pending(status, id);
  `);
}

// src-main/core/store/migrations/0006-scheduler-lease.ts
var scheduler_lease_exports = {};
__export(scheduler_lease_exports, {
  up: () => up6,
  version: () => version6
});
var version6 = 6;
function up6(db) {
  db.exec(`
    CREATE TABLE scheduler_lease (
      id           INTEGER PRIMARY KEY CHECK (id = 1),
      holder_id    TEXT NOT NULL,
      host         TEXT NOT NULL,
      pid          INTEGER NOT NULL,
      hostname     TEXT NOT NULL,
      acquired_at  INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE run_claims (
      key            TEXT PRIMARY KEY,
      last_due_at    INTEGER NOT NULL,
      holder_id      TEXT,
      holder_pid     INTEGER,
      holder_host    TEXT,
      running_since  INTEGER
    ) STRICT;
  `);
}

// src-main/core/store/migrations/0007-token-counts.ts
var token_counts_exports = {};
__export(token_counts_exports, {
  up: () => up7,
  version: () => version7
});
var version7 = 7;
function up7(db) {
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

// src-main/core/store/migrations/0008-scheduler-state.ts
var scheduler_state_exports = {};
__export(scheduler_state_exports, {
  up: () => up8,
  version: () => version8
});
var version8 = 8;
function up8(db) {
  db.exec(`
    CREATE TABLE scheduler_state (
      key    TEXT PRIMARY KEY,
      value  INTEGER NOT NULL
    ) STRICT;
  `);
}

// src-main/core/store/migrations/0009-memory-authors.ts
var memory_authors_exports = {};
__export(memory_authors_exports, {
  up: () => up9,
  version: () => version9
});
var version9 = 9;
function up9(db) {
  db.exec(`
    CREATE TABLE memory_authors (
      path        TEXT NOT NULL,
      version     TEXT NOT NULL,
      author      TEXT NOT NULL CHECK (author IN ('user','agent','external','system')),
      created_at  INTEGER NOT NULL,
      PRIMARY KEY (path, version)
    ) STRICT;
  `);
}

// src-main/core/store/migrations/0010-cron-run-states.ts
var cron_run_states_exports = {};
__export(cron_run_states_exports, {
  up: () => up10,
  version: () => version10
});
var version10 = 10;
function up10(db) {
  db.exec(`
    CREATE TABLE cron_runs_new (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      job_id       TEXT NOT NULL,
      started_at   INTEGER NOT NULL,
      duration_ms  INTEGER NOT NULL DEFAULT 0,
      status       TEXT NOT NULL CHECK (status IN ('running','ok','error','skipped','stopped','interrupted')),
      error        TEXT,
      late         INTEGER NOT NULL DEFAULT 0,
      holder_id    TEXT,
      holder_pid   INTEGER,
      holder_host  TEXT
    ) STRICT;
    INSERT INTO cron_runs_new (id, job_id, started_at, duration_ms, status, error, late)
      SELECT id, job_id, started_at, duration_ms, status, error, late FROM cron_runs;
    DROP TABLE cron_runs;
    ALTER TABLE cron_runs_new RENAME TO cron_runs;
    CREATE INDEX cron_runs_job ON cron_runs(job_id, id);
    CREATE INDEX cron_runs_running ON cron_runs(status) WHERE status = 'running';
  `);
}

// src-main/core/store/migrations/0011-egress-log.ts
var egress_log_exports = {};
__export(egress_log_exports, {
  up: () => up11,
  version: () => version11
});
var version11 = 11;
function up11(db) {
  db.exec(`
    CREATE TABLE IF NOT EXISTS egress_log (
      id           INTEGER PRIMARY KEY,
      at           INTEGER NOT NULL,
      session_key  TEXT NOT NULL,
      host         TEXT NOT NULL,
      port         INTEGER NOT NULL,
      bytes_out    INTEGER NOT NULL DEFAULT 0,
      bytes_in     INTEGER NOT NULL DEFAULT 0,
      source_kind  TEXT NOT NULL CHECK (source_kind IN ('exec','web_fetch','mcp')),
      source_name  TEXT NOT NULL DEFAULT '',
      verdict      TEXT NOT NULL
    ) STRICT;
    CREATE INDEX IF NOT EXISTS egress_log_at ON egress_log (at);
    CREATE INDEX IF NOT EXISTS egress_log_host ON egress_log (host, at);
  `);
}

// src-main/core/store/migrations/0012-mcp-tool-rules.ts
var mcp_tool_rules_exports = {};
__export(mcp_tool_rules_exports, {
  up: () => up12,
  version: () => version12
});
var version12 = 12;
function up12(db) {
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

// src-main/core/store/migrations/0013-message-versions.ts
var message_versions_exports = {};
__export(message_versions_exports, {
  up: () => up13,
  version: () => version13
});
var version13 = 13;
function up13(db) {
  db.exec(`
    CREATE TABLE IF NOT EXISTS message_branches (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      session_key TEXT NOT NULL REFERENCES sessions(key) ON DELETE CASCADE,
      parent_id   INTEGER NOT NULL,
      created_at  INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX IF NOT EXISTS message_branches_parent ON message_branches(session_key, parent_id);
    CREATE TABLE IF NOT EXISTS archived_messages (
      id            INTEGER PRIMARY KEY,
      branch_id     INTEGER NOT NULL REFERENCES message_branches(id) ON DELETE CASCADE,
      session_key   TEXT NOT NULL,
      turn_id       TEXT,
      role          TEXT NOT NULL,
      content       TEXT,
      tool_calls    TEXT,
      tool_call_id  TEXT,
      name          TEXT,
      usage         TEXT,
      meta          TEXT NOT NULL DEFAULT '{}',
      created_at    INTEGER NOT NULL,
      tokens        INTEGER
    ) STRICT;
    CREATE INDEX IF NOT EXISTS archived_messages_branch ON archived_messages(branch_id, id);
  `);
}

// src-main/core/store/migrations/index.ts
var MIGRATIONS = [init_exports, tool_events_cascade_exports, host_approval_rules_exports, exec_rule_cwd_exports, memory_pending_exports, scheduler_lease_exports, token_counts_exports, scheduler_state_exports, memory_authors_exports, cron_run_states_exports, egress_log_exports, mcp_tool_rules_exports, message_versions_exports];

// src-main/core/store/db.ts
var userVersion = (db) => Number(db.pragma("user_version", { simple: true }));
function migrate(db, migrations = MIGRATIONS, before) {
  const pending = [...migrations].filter((m) => m.version > userVersion(db)).sort((a, b) => a.version - b.version);
  if (pending.length > 0 && userVersion(db) > 0) before?.(db);
  for (const m of pending) {
    db.transaction(() => {
      if (userVersion(db) >= m.version) return;
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
  return userVersion(db);
}
var COMPANIONS2 = ["-wal", "-shm", "-journal"];
function openDatabase(file, options = {}) {
  if (file !== ":memory:") {
    mkdirSync2(dirname(file), { recursive: true, mode: 448 });
    privateFile(file);
    for (const suffix of COMPANIONS2) tightenMode(file + suffix, 384);
  }
  const Driver = sqliteDriver();
  const db = new Driver(file);
  try {
    db.pragma("busy_timeout = 5000");
    if (file !== ":memory:") db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    migrate(db, MIGRATIONS, options.beforeMigrations);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

// src-main/core/store/home-database.ts
function homeDatabasePaths(home2) {
  return { dbFile: join2(home2, "nanotray.db"), backupsDir: join2(home2, "backups"), damageMark: join2(home2, "run", "db-damaged") };
}
function repairDatabase(paths2, now) {
  const aside = setDamagedAside(paths2.dbFile, paths2.backupsDir, now);
  const db = openDatabase(paths2.dbFile);
  const recovered = recoverRows(aside.damagedKeptAt, db);
  rmSync3(paths2.damageMark, { force: true });
  return { db, report: { ...aside, recovered } };
}
function openHomeDatabase(paths2, now) {
  if (existsSync3(paths2.damageMark)) {
    if (existsSync3(paths2.dbFile) && !passesQuickCheck(paths2.dbFile)) {
      const { db, report } = repairDatabase(paths2, now);
      return { db, repaired: report };
    }
    rmSync3(paths2.damageMark, { force: true });
  }
  try {
    return { db: openDatabase(paths2.dbFile, { beforeMigrations: (db) => backupNow(db, paths2.backupsDir, now, "migration") }) };
  } catch (err) {
    if (!isDatabaseDamage(err)) throw err;
    const { db, report } = repairDatabase(paths2, now);
    return { db, repaired: report };
  }
}

// ../../tmp/x/rep/open.ts
var home = process.argv[2];
try {
  const { db } = openHomeDatabase(homeDatabasePaths(home), Date.now());
  db.prepare("select count(*) from sessions").get();
  db.close();
  process.exit(0);
} catch (e) {
  console.error("ERR", e.code, e.message);
  process.exit(1);
}
