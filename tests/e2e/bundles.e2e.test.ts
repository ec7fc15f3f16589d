// The built bundles keep their shape: the sandboxed preload is one file that requires only electron, neither it nor
// the page carries the schema library (they get the channel names from the table at build time), and the chat
// window's first load leaves the markdown renderer out (its own chunk, loaded when a chat is shown), and the Chinese
// catalogue and the first-run setup (their own chunks, loaded when shown).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { channelNames } from '../../src-preload/contract/channels';

const OUT = resolve(__dirname, '../../out');
/** Strings only zod's own code contains. */
const ZOD_MARKERS = ['ZodError', '$ZodType'];

describe('built bundles', () => {
  it('the preload requires only electron, holds every channel name and no schema code', () => {
    const preload = readFileSync(join(OUT, 'preload', 'index.cjs'), 'utf8');
    expect([...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1])).toEqual(['electron']);
    for (const marker of ZOD_MARKERS) expect(preload).not.toContain(marker);
    const names = channelNames();
    for (const methods of Object.values(names.api)) for (const channel of Object.values(methods)) expect(preload).toContain(`"${channel}"`);
    for (const channel of Object.values(names.push)) expect(preload).toContain(`"${channel}"`);
  });

  it('the page bundles no schema code', () => {
    const assets = join(OUT, 'renderer', 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const code = readFileSync(join(assets, name), 'utf8');
      for (const marker of ZOD_MARKERS) expect(code.includes(marker), `${name} contains ${marker}`).toBe(false);
    }
  });

  const renderer = join(OUT, 'renderer');
  /** The scripts index.html names (what the chat window loads first), and the rest (lazy chunks). */
  function chatScripts(): { firstLoad: string[]; lazy: string[] } {
    const html = readFileSync(join(renderer, 'index.html'), 'utf8');
    const firstLoad = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const lazy = readdirSync(join(renderer, 'assets')).filter((name) => name.endsWith('.js') && !firstLoad.includes(`assets/${name}`));
    return { firstLoad, lazy: lazy.map((name) => `assets/${name}`) };
  }
  /** Asserts no first-load script holds any marker, and exactly one lazy chunk holds them all. */
  function leftToOneChunk(markers: string[]): void {
    const { firstLoad, lazy } = chatScripts();
    expect(firstLoad.length).toBeGreaterThan(0);
    for (const file of firstLoad) {
      const code = readFileSync(join(renderer, file), 'utf8');
      for (const marker of markers) expect(code.includes(marker), `${file} contains ${marker}`).toBe(false);
    }
    const holding = lazy.filter((file) => markers.every((m) => readFileSync(join(renderer, file), 'utf8').includes(m)));
    expect(holding).toHaveLength(1);
  }

  it("the chat window's first load leaves marked and DOMPurify to their own chunk", () => {
    leftToOneChunk(['input parameter is undefined or null', 'DOMPurify']);
  });

  it("the chat window's first load carries the English catalogue, not the Chinese one (its own chunk)", () => {
    const firstLoad = chatScripts().firstLoad.map((file) => readFileSync(join(renderer, file), 'utf8')).join('\n');
    expect(firstLoad).toContain('Set up later');
    leftToOneChunk(['新对话', '稍后设置']);
  });

  it("the chat window's first load leaves the first-run provider setup to its own chunk", () => {
    leftToOneChunk(['settings.setup.apiKeyOptional', 'settings.setup.runningHere']);
  });
});
