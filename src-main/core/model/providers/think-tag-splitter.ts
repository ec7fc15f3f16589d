// Splits `<think>…</think>` out of streamed content (Qwen3 and DeepSeek-R1 through Ollama or llama.cpp put
// their reasoning there), also when a tag is cut across chunks. Text outside the tags is the answer.

const OPEN = '<think>';
const CLOSE = '</think>';

/** What one pushed piece of content turned into. */
export interface SplitText {
  answer: string;
  reasoning: string;
}

/** The length of the longest end of `text` that is a start of `tag` (a tag that may continue in the next chunk). */
function partialTagAt(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}

export class ThinkTagSplitter {
  #inside = false;
  #held = '';
  /** Only a tag at the start of the answer (leading whitespace aside) opens reasoning; later ones are text. */
  #sawAnswer = false;

  push(chunk: string): SplitText {
    const out: SplitText = { answer: '', reasoning: '' };
    let text = this.#held + chunk;
    this.#held = '';
    while (text) {
      if (this.#inside) {
        const end = text.indexOf(CLOSE);
        if (end >= 0) {
          out.reasoning += text.slice(0, end);
          text = text.slice(end + CLOSE.length);
          this.#inside = false;
          this.#sawAnswer = false; // the whitespace after the tag is not part of the answer
          continue;
        }
        const keep = partialTagAt(text, CLOSE);
        out.reasoning += text.slice(0, text.length - keep);
        this.#held = text.slice(text.length - keep);
        break;
      }
      if (this.#sawAnswer) {
        out.answer += text;
        break;
      }
      const lead = text.length - text.trimStart().length;
      const rest = text.slice(lead);
      if (rest.startsWith(OPEN)) {
        this.#inside = true;
        text = rest.slice(OPEN.length);
        continue;
      }
      if (rest === '' || OPEN.startsWith(rest)) {
        this.#held = rest; // only whitespace or the start of a tag so far: wait for more
        break;
      }
      this.#sawAnswer = true;
      out.answer += rest; // leading whitespace before an answer means nothing
      break;
    }
    return out;
  }

  /** Whatever was held back at the end of the stream. */
  end(): SplitText {
    const held = this.#held;
    this.#held = '';
    if (this.#inside) return { answer: '', reasoning: held };
    return { answer: held, reasoning: '' };
  }
}
