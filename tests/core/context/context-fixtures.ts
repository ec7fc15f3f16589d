// Shared fixtures for workspace tests: a temp workspace, a ContextInput and message builders.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ChatMessage } from '../../../src-main/core/model/chat-message';
import type { ContextInput } from '../../../src-main/core/context/context-port';
import { defaultConfig, type Config } from '../../../src-preload/contract/config-schema';

export interface TempWorkspace {
  root: string;
  workspace: string;
  builtinSkills: string;
  write(rel: string, content: string): string;
  cleanup(): void;
}

export function makeWorkspace(): TempWorkspace {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-ws-')));
  const workspace = join(root, 'workspace');
  const builtinSkills = join(root, 'builtin-skills');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(builtinSkills, { recursive: true });
  return {
    root,
    workspace,
    builtinSkills,
    write(rel, content) {
      const abs = join(root, rel);
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
      return abs;
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export function contextInput(workspace: string, history: ChatMessage[], patch: Partial<ContextInput> = {}, config: Config = defaultConfig()): ContextInput {
  return {
    sessionKey: 'desktop:test',
    channel: 'desktop',
    chatId: 'test',
    history,
    model: {
      presetName: 'default',
      provider: 'test',
      model: 'fake-model',
      contextWindowTokens: 200_000,
      maxTokens: 8192,
      temperature: 0.1,
      vision: false,
    },
    config,
    workspace,
    toolSpecs: [],
    now: Date.UTC(2026, 10, 29, 19, 40),
    ...patch,
  };
}

export function user(content: string): ChatMessage {
  return { role: 'user', content };
}

export function assistant(content: string): ChatMessage {
  return { role: 'assistant', content };
}

export function toolCall(id: string, name = 'read_file', args = '{"path":"a.md"}'): ChatMessage {
  return { role: 'assistant', content: null, toolCalls: [{ id, name, arguments: args }] };
}

export function toolResult(id: string, content: string, name = 'read_file'): ChatMessage {
  return { role: 'tool', toolCallId: id, name, content };
}
