#!/usr/bin/env node
// Draws the tray icons (idle / working / attention; coloured PNGs and macOS template PNGs, 1x and 2x) and
// the app icon into resources/, with node:zlib only (no image dependencies). Run: node scripts/make-icons.mjs
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** RGBA pixels (Float 0..1 per channel) → PNG bytes. */
function encodePng(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = Math.round(r * 255);
      raw[o + 1] = Math.round(g * 255);
      raw[o + 2] = Math.round(b * 255);
      raw[o + 3] = Math.round(Math.max(0, Math.min(1, a)) * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const hex = (h) => [parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255];
const COLORS = { ring: hex('#5b7cfa'), working: hex('#f5a524'), attention: hex('#e5484d'), white: [1, 1, 1], black: [0, 0, 0] };

/**
 * Shapes in unit coordinates (0..1): a ring (the tray), a centre dot while working, a badge when
 * attention is needed. Returns [colour, coverage] layers, drawn in order with 4×4 supersampling.
 */
function layers(state, template) {
  const ring = (x, y) => {
    const d = Math.hypot(x - 0.5, y - 0.5);
    return d <= 0.44 && d >= 0.3;
  };
  const dot = (x, y) => Math.hypot(x - 0.5, y - 0.5) <= 0.17;
  const badge = (x, y) => Math.hypot(x - 0.8, y - 0.2) <= 0.2;
  const badgeGap = (x, y) => Math.hypot(x - 0.8, y - 0.2) <= 0.28;
  const fg = template ? COLORS.black : COLORS.ring;
  const out = [[fg, ring, state === 'attention' ? badgeGap : undefined]];
  if (state === 'working') out.push([template ? COLORS.black : COLORS.working, dot]);
  if (state === 'attention') out.push([template ? COLORS.black : COLORS.attention, badge]);
  return out;
}

function drawIcon(size, state, template) {
  const S = 4;
  const ls = layers(state, template);
  return encodePng(size, (px, py) => {
    let r = 0, g = 0, b = 0, a = 0;
    for (const [color, inside, cutout] of ls) {
      let cover = 0;
      for (let sy = 0; sy < S; sy++)
        for (let sx = 0; sx < S; sx++) {
          const x = (px + (sx + 0.5) / S) / size;
          const y = (py + (sy + 0.5) / S) / size;
          if (inside(x, y) && !(cutout && cutout(x, y))) cover++;
        }
      const ca = cover / (S * S);
      // "over" compositing, straight alpha
      const na = ca + a * (1 - ca);
      if (na > 0) {
        r = (color[0] * ca + r * a * (1 - ca)) / na;
        g = (color[1] * ca + g * a * (1 - ca)) / na;
        b = (color[2] * ca + b * a * (1 - ca)) / na;
      }
      a = na;
    }
    return [r, g, b, a];
  });
}

function drawAppIcon(size) {
  const S = 2;
  return encodePng(size, (px, py) => {
    let cover = 0, ringCover = 0;
    for (let sy = 0; sy < S; sy++)
      for (let sx = 0; sx < S; sx++) {
        const x = (px + (sx + 0.5) / S) / size - 0.5;
        const y = (py + (sy + 0.5) / S) / size - 0.5;
        // rounded square background
        const q = Math.max(Math.abs(x) - 0.3, 0) ** 2 + Math.max(Math.abs(y) - 0.3, 0) ** 2;
        if (q <= 0.15 ** 2 && Math.abs(x) <= 0.45 && Math.abs(y) <= 0.45) cover++;
        const d = Math.hypot(x, y);
        if (d <= 0.27 && d >= 0.18) ringCover++;
      }
    const a = cover / (S * S);
    const t = ringCover / (S * S);
    const bg = COLORS.ring;
    return [bg[0] * (1 - t) + t, bg[1] * (1 - t) + t, bg[2] * (1 - t) + t, a];
  });
}

mkdirSync(OUT, { recursive: true });
for (const state of ['idle', 'working', 'attention']) {
  for (const template of [false, true]) {
    const base = `tray-${state}${template ? 'Template' : ''}`;
    writeFileSync(join(OUT, `${base}.png`), drawIcon(16, state, template));
    writeFileSync(join(OUT, `${base}@2x.png`), drawIcon(32, state, template));
  }
}
writeFileSync(join(OUT, 'icon.png'), drawAppIcon(512));
console.log(`icons written to ${OUT}`);
