// Turns an MCP tools/call result into a ToolResult: text joined, images attached (vision) or noted, embedded
// resources shown like a read of them, resource links named with how to read them.
import { fail, ok, type ImageAttachment, type ToolResult } from '../tools/tool';
import { resourceView } from './resources/resource-content';

/** The parts of a CallToolResult we read (the SDK's type is wider; everything else is ignored). */
export interface McpCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  toolResult?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * `vision` says whether the current model can look at pictures: then images travel as attachments,
 * else a note stands in for each. Text is not cut here: the agent loop caps every tool result alike.
 */
export function toToolResult(result: McpCallResult, vision: boolean): ToolResult {
  const texts: string[] = [];
  const images: ImageAttachment[] = [];
  for (const item of result.content ?? []) {
    if (!isRecord(item)) continue;
    switch (item.type) {
      case 'text':
        texts.push(str(item.text));
        break;
      case 'image': {
        const mimeType = str(item.mimeType) || 'image/png';
        if (vision && str(item.data)) images.push({ mimeType, data: str(item.data) });
        else texts.push(`[image (${mimeType}) omitted: the current model cannot view images]`);
        break;
      }
      case 'audio':
        texts.push(`[audio (${str(item.mimeType) || 'unknown type'}) omitted: audio is not supported]`);
        break;
      case 'resource_link': {
        const about = [str(item.name), str(item.mimeType)].filter(Boolean).join(', ');
        texts.push(`[resource link: ${str(item.uri)}${about ? ` (${about})` : ''} — read it with the read tool of this MCP server]`);
        break;
      }
      case 'resource': {
        // Embedded contents: text as it is, pictures attached (vision), text-like binary decoded, the rest described.
        const resource = isRecord(item.resource) ? item.resource : {};
        const view = resourceView([{ uri: str(resource.uri), mimeType: str(resource.mimeType) || undefined, text: typeof resource.text === 'string' ? resource.text : undefined, blob: str(resource.blob) }], vision);
        texts.push(view.text);
        images.push(...view.images);
        break;
      }
      default:
        texts.push(`[unsupported content type '${str(item.type)}']`);
    }
  }
  if (!texts.length && result.structuredContent !== undefined) texts.push(JSON.stringify(result.structuredContent));
  if (!texts.length && result.toolResult !== undefined) texts.push(JSON.stringify(result.toolResult));
  const text = texts.join('\n');
  if (result.isError) return fail('failed', `Error: ${text || 'the MCP tool failed without a message'}`);
  return ok(text || (images.length ? '' : '(no output)'), images);
}
