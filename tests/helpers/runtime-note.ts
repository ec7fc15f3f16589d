// Loop tests compare the messages a turn sent without the per-turn runtime note the context builder adds.

const NOTE_AT_END = /\n{1,2}\[Runtime context: [^\]]*\]$/;

function isNotePart(part: unknown): boolean {
  return typeof part === 'object' && part !== null && 'text' in part && String(part.text).startsWith('[Runtime context:');
}

/** The message as the user wrote it: a trailing `[Runtime context: …]` (text or part) removed. */
export function withoutRuntimeNote<M>(message: M): M {
  if (typeof message !== 'object' || message === null || !('content' in message)) return message;
  const { content } = message;
  if (typeof content === 'string') return { ...message, content: content.replace(NOTE_AT_END, '') };
  if (Array.isArray(content)) return { ...message, content: content.filter((part) => !isNotePart(part)) };
  return message;
}

/** Every message of a request without the runtime note. */
export function withoutRuntimeNotes<M>(messages: M[]): M[] {
  return messages.map(withoutRuntimeNote);
}
