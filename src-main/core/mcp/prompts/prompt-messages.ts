// An MCP prompt's messages as the user's next message: headed with where it came from (the server and the command
// typed), its text parts as they are, embedded resources behind the untrusted marker, bounded.
import { untrustedBanner } from '../../tools/untrusted';
import { resourceView, type ResourceItem } from '../resources/resource-content';
import { cleanServerText } from '../server-text';

/** At most this many characters of one prompt go into the message. */
export const MAX_PROMPT_CHARS = 50_000;

/** A prompt message as `prompts/get` returns it (the parts we use). */
export interface PromptMessage {
  role: string;
  content: { type: string; text?: string; resource?: ResourceItem; uri?: string; name?: string; mimeType?: string };
}

function partText(server: string, message: PromptMessage): string {
  const { content } = message;
  switch (content.type) {
    case 'text':
      return content.text ?? '';
    case 'resource': {
      const resource = content.resource ?? { uri: '' };
      return `${untrustedBanner(`MCP server '${server}' (resource ${resource.uri})`)}\n\n${resourceView([resource], false, MAX_PROMPT_CHARS).text}`;
    }
    case 'resource_link':
      return `[resource link: ${content.uri ?? ''}${content.name ? ` (${content.name})` : ''} — read it with the read tool of MCP server '${server}']`;
    default:
      return `[${content.type} omitted: prompts are sent as text]`;
  }
}

/**
 * The message to send: `[Prompt 'p' of MCP server 's': /s:p args]`, then each part; assistant parts (examples the
 * server gives) are labelled as such.
 */
export function promptText(server: string, prompt: string, typed: string, messages: readonly PromptMessage[]): string {
  const parts = messages.map((m) => (m.role === 'assistant' ? `(Example answer from the prompt:)\n${partText(server, m)}` : partText(server, m)));
  const body = cleanServerText(parts.join('\n\n'), MAX_PROMPT_CHARS);
  return `[Prompt '${prompt}' of MCP server '${server}': ${typed}]\n\n${body || '(the prompt is empty)'}`;
}
