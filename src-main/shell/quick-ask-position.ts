// Where the quick-ask popup appears: under/above the tray icon when its bounds are known, else near the
// cursor, always kept inside the display's work area; centred on the screen where windows cannot be placed (Wayland).

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const MARGIN = 8;

/** Top-left corner for a `size` window anchored at `anchor` (tray bounds or a 0×0 cursor rect). */
export function quickAskPosition(anchor: Rect, size: { width: number; height: number }, workArea: Rect): { x: number; y: number } {
  const centerX = anchor.x + anchor.width / 2 - size.width / 2;
  // Tray at the top (macOS, most Linux panels): open below it; at the bottom (Windows): open above it.
  const below = anchor.y + anchor.height + MARGIN;
  const above = anchor.y - size.height - MARGIN;
  const fitsBelow = below + size.height <= workArea.y + workArea.height;
  const y = fitsBelow ? below : above;
  const clamp = (v: number, min: number, max: number): number => Math.round(Math.min(Math.max(v, min), max));
  return {
    x: clamp(centerX, workArea.x + MARGIN, workArea.x + workArea.width - size.width - MARGIN),
    y: clamp(y, workArea.y + MARGIN, workArea.y + workArea.height - size.height - MARGIN),
  };
}

/** Top-left corner that centres a `size` window in `workArea` (Wayland: no tray bounds, no free placement). */
export function centeredPosition(size: { width: number; height: number }, workArea: Rect): { x: number; y: number } {
  return {
    x: Math.round(workArea.x + Math.max(0, workArea.width - size.width) / 2),
    y: Math.round(workArea.y + Math.max(0, workArea.height - size.height) / 2),
  };
}
