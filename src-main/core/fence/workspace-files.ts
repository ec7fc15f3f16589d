// The names of the markdown files that make up a workspace, in the order the prompt uses them.

/** Bootstrap files, in prompt order; missing ones are skipped. */
export const BOOTSTRAP_FILES = ['AGENTS.md', 'SOUL.md', 'USER.md', 'TOOLS.md', 'IDENTITY.md'] as const;
export const MEMORY_FILE = 'memory/MEMORY.md';
export const HISTORY_FILE = 'memory/HISTORY.md';
export const HEARTBEAT_FILE = 'HEARTBEAT.md';
export const SKILL_FILE_NAME = 'SKILL.md';
