// Every built-in tool, made from the one list (BUILTIN_TOOLS) with exec and the web tools switched on: what tests
// compare against instead of a hand-kept list of names.
import { BUILTIN_TOOLS, builtinTools } from '../../src-main/core/tools/builtin-tools';
import { openDatabase } from '../../src-main/core/store/db';
import type { Tool } from '../../src-main/core/tools/tool';
import { configSchema } from '../../src-preload/contract/config-schema';

/** The built-in tools as a core with every switch on registers them. */
export function allBuiltinTools(): Tool[] {
  const config = configSchema.parse({ tools: { exec: { enable: true }, web: { enable: true } } });
  const tools = builtinTools(config, { db: openDatabase(':memory:') });
  if (tools.length !== BUILTIN_TOOLS.length) throw new Error('a built-in tool is switched off in allBuiltinTools()');
  return tools;
}

/** Their names, in the list's order. */
export function builtinToolNames(): string[] {
  return allBuiltinTools().map((tool) => tool.name);
}
