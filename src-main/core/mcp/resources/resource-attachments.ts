// Resources the user attaches to a message from the composer: only ones a connected server listed, each read now
// (bounded), scrubbed of known secrets and framed as that server's untrusted content, so the model reads them as
// data. Also the list the composer offers.
import type { McpResource, McpResourceRef } from '../../../../src-preload/contract/mcp-schemas';
import { failure, type ServiceError } from '../../lib/core-error';
import { scrubSecrets } from '../../lib/known-secrets';
import { okResult, type Result } from '../../lib/result';
import { untrustedBanner } from '../../tools/untrusted';
import type { McpConnection } from '../mcp-connection';
import type { ResourceAttachment } from '../mcp-types';
import { cleanServerLine } from '../server-text';
import { readResource } from './resource-read';

/** At most this many characters of one attached resource. */
export const MAX_ATTACHMENT_CHARS = 20_000;
/** At most this many resources are offered in the composer's list. */
export const MAX_OFFERED_RESOURCES = 500;
const LABEL_CHARS = 200;

/** The listed resources of every connected server, for the composer. */
export function offeredResources(connections: readonly McpConnection[]): McpResource[] {
  const offered: McpResource[] = [];
  for (const c of connections) {
    if (c.snapshot().state !== 'connected') continue;
    for (const r of c.catalog.resources) {
      if (offered.length >= MAX_OFFERED_RESOURCES) return offered;
      offered.push({
        server: c.name,
        uri: r.uri,
        name: cleanServerLine(r.name, LABEL_CHARS),
        ...(r.title ? { title: cleanServerLine(r.title, LABEL_CHARS) } : {}),
        ...(r.mimeType ? { mimeType: cleanServerLine(r.mimeType, 80) } : {}),
        ...(r.description ? { description: cleanServerLine(r.description, LABEL_CHARS) } : {}),
      });
    }
  }
  return offered;
}

/** Reads every reference; the first that cannot be read fails all (nothing is sent half). */
export async function readAttachments(
  connections: ReadonlyMap<string, McpConnection>,
  refs: readonly McpResourceRef[],
  signal: AbortSignal,
): Promise<Result<ResourceAttachment[], ServiceError<'not_found' | 'unavailable' | 'failed'>>> {
  const attached: ResourceAttachment[] = [];
  for (const ref of refs) {
    const connection = connections.get(ref.server);
    if (!connection || !connection.catalog.resources.some((r) => r.uri === ref.uri)) {
      return failure('not_found', `MCP server '${ref.server}' does not list the resource ${ref.uri} (any more).`);
    }
    const read = await readResource(connection, ref.uri, { signal, vision: false, maxChars: MAX_ATTACHMENT_CHARS });
    if (!read.ok) return failure(read.error.code === 'failed' ? 'failed' : 'unavailable', `Could not attach ${ref.uri}: ${read.error.message}`);
    const source = `MCP server '${ref.server}' (resource ${cleanServerLine(ref.uri, LABEL_CHARS)}, attached by the user)`;
    attached.push({ server: ref.server, uri: ref.uri, text: `${untrustedBanner(source)}\n\n${scrubSecrets(read.value.text)}` });
  }
  return okResult(attached);
}

