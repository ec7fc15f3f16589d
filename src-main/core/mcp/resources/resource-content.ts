// What a resource's contents become for the model: text as it is, pictures as attachments (vision models), binary
// that is text (JSON, XML, CSV, …) decoded, other binary described — all bounded, so a huge or hostile resource
// cannot flood a request.
import type { ImageAttachment } from '../../tools/tool';

/** At most this much text of one read (the agent loop cuts tool results further to `maxToolResultChars`). */
export const MAX_RESOURCE_CHARS = 100_000;
/** A picture larger than this (base64 characters, ~4.5 MB) is described, not attached. */
export const MAX_IMAGE_BASE64_CHARS = 6_000_000;

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** One item of `resources/read` contents (the parts we use). */
export interface ResourceItem {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

export interface ResourceView {
  text: string;
  images: ImageAttachment[];
}

function isTextType(mimeType: string): boolean {
  return (
    mimeType.startsWith('text/') ||
    /^application\/(json|xml|yaml|x-yaml|toml|javascript|x-javascript|ecmascript|sql|graphql|x-sh|csv)$/.test(mimeType) ||
    /\+(json|xml|yaml)$/.test(mimeType)
  );
}

/** Bytes of a base64 string without decoding it. */
function base64Bytes(blob: string): number {
  const padding = blob.endsWith('==') ? 2 : blob.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((blob.length * 3) / 4) - padding);
}

function describeSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

/** UTF-8 text of a base64 blob, or undefined when it is not valid UTF-8. */
function decodedText(blob: string, maxChars: number): string | undefined {
  try {
    const bytes = Buffer.from(blob.slice(0, Math.ceil((maxChars * 4) / 3) * 4), 'base64');
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** One item as text (and maybe a picture), within `budget` characters. */
function viewOf(item: ResourceItem, vision: boolean, budget: number): { text: string; image?: ImageAttachment } {
  const mimeType = item.mimeType || (item.text !== undefined ? 'text/plain' : 'application/octet-stream');
  if (item.text !== undefined) return { text: item.text };
  const blob = item.blob ?? '';
  const size = describeSize(base64Bytes(blob));
  if (IMAGE_TYPES.has(mimeType)) {
    if (!vision) return { text: `[image ${item.uri} (${mimeType}, ${size}) omitted: the current model cannot view images]` };
    if (blob.length > MAX_IMAGE_BASE64_CHARS) return { text: `[image ${item.uri} (${mimeType}, ${size}) omitted: too large to attach]` };
    return { text: `[image ${item.uri} (${mimeType}) attached]`, image: { mimeType, data: blob } };
  }
  if (isTextType(mimeType)) {
    const text = decodedText(blob, budget);
    if (text !== undefined) return { text };
  }
  return { text: `[binary content ${item.uri} (${mimeType}, ${size}): not shown]` };
}

/** The contents of one read, in order; several items are headed by their URIs. Text past the bound is cut. */
export function resourceView(items: readonly ResourceItem[], vision: boolean, maxChars = MAX_RESOURCE_CHARS): ResourceView {
  const parts: string[] = [];
  const images: ImageAttachment[] = [];
  let used = 0;
  for (const item of items) {
    if (used >= maxChars) {
      parts.push(`[… ${items.length - parts.length} more item(s) not shown: the read passed ${maxChars} characters]`);
      break;
    }
    const view = viewOf(item, vision, maxChars - used);
    let text = items.length > 1 ? `--- ${item.uri}${item.mimeType ? ` (${item.mimeType})` : ''} ---\n${view.text}` : view.text;
    if (used + text.length > maxChars) text = `${text.slice(0, maxChars - used)}\n[… cut: the read passed ${maxChars} characters]`;
    used += text.length;
    parts.push(text);
    if (view.image) images.push(view.image);
  }
  return { text: parts.join('\n\n') || '(the resource is empty)', images };
}
