// The `manifest.json` of a Claude Desktop extension (MCPB bundle, formerly DXT): the parts Nanotray uses — the
// server (`server.type`, `server.mcp_config` with its platform overrides) and the user settings it asks for.
import { z } from 'zod';
import type { BundleSetting } from '../../../../../src-preload/contract/mcp-import-schemas';

const stringMap = z.record(z.string(), z.string());

const mcpConfigSchema = z.object({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: stringMap.default({}),
});

const overrideSchema = z.object({ command: z.string().min(1).optional(), args: z.array(z.string()).optional(), env: stringMap.optional() });

const settingSchema = z.object({
  type: z.enum(['string', 'number', 'boolean', 'directory', 'file']),
  title: z.string().default(''),
  description: z.string().default(''),
  required: z.boolean().default(false),
  default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  multiple: z.boolean().default(false),
  sensitive: z.boolean().default(false),
  min: z.number().optional(),
  max: z.number().optional(),
});

export const mcpbManifestSchema = z.object({
  manifest_version: z.string().optional(),
  dxt_version: z.string().optional(),
  name: z.string().min(1).max(200),
  display_name: z.string().max(200).optional(),
  version: z.string().max(100).default(''),
  description: z.string().max(4_000).default(''),
  author: z.object({ name: z.string().default('') }).default({ name: '' }),
  server: z.object({
    type: z.enum(['node', 'python', 'binary', 'uv']),
    entry_point: z.string().optional(),
    mcp_config: mcpConfigSchema.extend({ platform_overrides: z.record(z.string(), overrideSchema).optional() }),
  }),
  user_config: z.record(z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/), settingSchema).default({}),
});

export type McpbManifest = z.output<typeof mcpbManifestSchema>;
export type McpbSetting = z.output<typeof settingSchema>;
export type McpbServerConfig = z.output<typeof mcpConfigSchema>;

/** The manifest's mcp_config with the override for `platform` laid over it. */
export function serverConfigFor(manifest: McpbManifest, platform: NodeJS.Platform): McpbServerConfig {
  const { platform_overrides: overrides, ...base } = manifest.server.mcp_config;
  const o = overrides?.[platform];
  return { command: o?.command ?? base.command, args: o?.args ?? base.args, env: { ...base.env, ...o?.env } };
}

/** The settings as the form shows them (a sensitive default is never shown). */
export function bundleSettings(manifest: McpbManifest): BundleSetting[] {
  return Object.entries(manifest.user_config).map(([key, s]) => ({
    key,
    type: s.type,
    title: s.title || key,
    description: s.description,
    required: s.required,
    sensitive: s.sensitive,
    multiple: s.multiple,
    ...(s.default !== undefined && !s.sensitive ? { default: Array.isArray(s.default) ? s.default.join('\n') : String(s.default) } : {}),
    ...(s.min !== undefined ? { min: s.min } : {}),
    ...(s.max !== undefined ? { max: s.max } : {}),
  }));
}
