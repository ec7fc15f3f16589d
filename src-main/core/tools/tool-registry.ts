// The tool registry: look up → parse → validate → approve → run. Every failure comes back as a value.
import { z } from 'zod';
import type { ToolSpec } from '../model/llm-provider';
import { allowAllGate, type ApprovalGate } from './approval-gate';
import { fail, failWith, ok, type Tool, type ToolContext, type ToolResult } from './tool';

/** Tools that come and go at run time (MCP servers) are provided by a source, re-read before each call. */

/** Characters of an unknown tool name an error quotes. */
const UNKNOWN_NAME_SHOWN = 64;

export interface ToolSource {
  tools(): Tool[];
}

export class ToolRegistry {
  #tools = new Map<string, Tool>();
  #sources = new Set<ToolSource>();
  readonly #gate: ApprovalGate;

  /** `gate` decides every call after validation (the approval service in a core; tests may let all through). */
  constructor(gate: ApprovalGate = allowAllGate) {
    this.#gate = gate;
  }

  /** Adds a tool; returns its disposer. A duplicate name is a programmer error and throws. */
  register(tool: Tool): () => void {
    if (this.#tools.has(tool.name)) throw new Error(`Tool '${tool.name}' is already registered`);
    this.#tools.set(tool.name, tool);
    return () => {
      if (this.#tools.get(tool.name) === tool) this.#tools.delete(tool.name);
    };
  }

  /** How many tools were registered directly (built-ins), not counting the sources' dynamic ones. */
  registeredCount(): number {
    return this.#tools.size;
  }

  addSource(source: ToolSource): () => void {
    this.#sources.add(source);
    return () => this.#sources.delete(source);
  }

  /** All tools, built-ins first; dynamic ones never shadow a built-in. */
  list(filter?: (tool: Tool) => boolean): Tool[] {
    const all = new Map(this.#tools);
    for (const source of this.#sources) {
      for (const tool of source.tools()) if (!all.has(tool.name)) all.set(tool.name, tool);
    }
    const tools = [...all.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return filter ? tools.filter(filter) : tools;
  }

  names(filter?: (tool: Tool) => boolean): string[] {
    return this.list(filter).map((t) => t.name);
  }

  get(name: string): Tool | undefined {
    return this.#tools.get(name) ?? this.list().find((t) => t.name === name);
  }

  /** The tool list for the model, sorted by name so the prompt prefix stays stable. */
  specs(filter?: (tool: Tool) => boolean): ToolSpec[] {
    return this.list(filter).map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: toolParameters(tool),
    }));
  }

  async execute(name: string, rawArgs: unknown, ctx: ToolContext, filter?: (tool: Tool) => boolean): Promise<ToolResult> {
    const tool = this.list(filter).find((t) => t.name === name);
    if (!tool) {
      // The name is the model's own (any length): the error quotes only its start.
      const shown = name.length > UNKNOWN_NAME_SHOWN ? `${name.slice(0, UNKNOWN_NAME_SHOWN)}…` : name;
      return fail('not_found', `Error: Tool '${shown}' not found. Available: ${this.names(filter).join(', ') || '(none)'}`);
    }
    const parsedArgs = parseArguments(rawArgs);
    if (!parsedArgs.ok) {
      return fail('invalid_args', `Error: Invalid parameters for tool '${name}': ${parsedArgs.error}`);
    }
    const validated = tool.params.safeParse(parsedArgs.value);
    if (!validated.success) {
      return fail('invalid_args', `Error: Invalid parameters for tool '${name}': ${describeZodError(validated.error)}`);
    }
    const verdict = await this.#gate.check(tool, validated.data, ctx);
    if (!verdict.allowed) return 'deferred' in verdict ? ok(verdict.deferred) : failWith(verdict.error);
    try {
      return await tool.run(validated.data, verdict.egress ? { ...ctx, egressVerdict: verdict.egress } : ctx);
    } catch (err) {
      return fail('failed', `Error executing ${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** JSON Schema of a tool's parameters, without the $schema marker models do not need. */
export function toolParameters(tool: Tool): Record<string, unknown> {
  const schema = z.toJSONSchema(tool.params, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

/** Models send arguments as a JSON string (sometimes empty, sometimes broken); objects pass through. */
function parseArguments(raw: unknown): { ok: true; value: unknown } | { ok: false; error: string } {
  if (raw === undefined || raw === null) return { ok: true, value: {} };
  if (typeof raw !== 'string') return { ok: true, value: raw };
  const text = raw.trim();
  if (!text) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: `arguments are not valid JSON (${err instanceof Error ? err.message : String(err)})` };
  }
}

function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.length ? `'${issue.path.map(String).join('.')}'` : 'arguments';
      return `${path}: ${issue.message}`;
    })
    .join('; ');
}
