// Lands the message list on a search hit: pages older history in until the message is loaded, scrolls the virtual
// list until the matched words sit mid-view (rows settle as they are measured), highlights them, and moves the focus
// there so a screen reader reads the message.
import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ChatItem } from '../../state/types';
import { firstMatch, searchWords } from './find-in-element';

/** Pages of older history to read while looking for a search hit. */
const MAX_PAGES_FOR_HIT = 60;
/** Frames the hit must keep its place before the landing counts as done (rows above it being measured move it). */
const STEADY_FRAMES = 3;
/** Frames to try at most (a list that never settles still ends with the hit as near as it got). */
const MAX_FRAMES = 120;
/** The CSS highlight (see `::highlight(search-hit)`) the matched words are painted with. */
const HIGHLIGHT_NAME = 'search-hit';

export interface HitTarget {
  sessionKey: string;
  messageId: number;
  query: string;
}

interface LandingDeps {
  focus: HitTarget | null;
  list: readonly ChatItem[];
  hasMore: boolean;
  loading: boolean;
  loadOlder(): void;
  clearFocus(): void;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Stop following new content (the user is reading the hit). */
  release(): void;
  /** Says where the view landed, for screen readers. */
  announce(text: string): void;
}

function paintHighlight(range: Range | undefined): void {
  if (typeof CSS === 'undefined' || !('highlights' in CSS)) return;
  if (range) CSS.highlights.set(HIGHLIGHT_NAME, new Highlight(range));
  else CSS.highlights.delete(HIGHLIGHT_NAME);
}

/** Scrolls `scroller` so `rect` sits in its middle (its top when taller than the view); returns how far it moved. */
function centre(scroller: HTMLElement, rect: DOMRect): number {
  const view = scroller.getBoundingClientRect();
  const want = rect.height > view.height ? view.top + 16 : view.top + (view.height - rect.height) / 2;
  const before = scroller.scrollTop;
  scroller.scrollTop = before + (rect.top - want);
  return scroller.scrollTop - before;
}

/** The item id of the message shown for the last hit (it is unfolded and outlined), until the next one. */
export function useLandOnHit(deps: LandingDeps): string | null {
  const { focus, list, hasMore, loading } = deps;
  const [landing, setLanding] = useState<{ id: string; words: string[] } | null>(null);
  const pagesRead = useRef(0);
  const latest = useRef(deps);
  latest.current = deps;

  useEffect(() => () => paintHighlight(undefined), []);

  // Find the message, paging older history in as needed.
  useEffect(() => {
    if (!focus) {
      pagesRead.current = 0;
      return;
    }
    const { clearFocus, loadOlder, release } = latest.current;
    const id = `m${focus.messageId}`;
    if (list.some((i) => i.id === id)) {
      clearFocus();
      release();
      paintHighlight(undefined);
      setLanding({ id, words: searchWords(focus.query) });
    } else if (hasMore && !loading && pagesRead.current < MAX_PAGES_FOR_HIT) {
      pagesRead.current++;
      loadOlder();
    } else if (!hasMore || pagesRead.current >= MAX_PAGES_FOR_HIT) {
      clearFocus();
    }
  }, [focus, list, hasMore, loading]);

  // Bring it into view: the virtual list first, then the matched words mid-view until the rows around settle.
  useEffect(() => {
    if (!landing) return;
    let frame = 0;
    let steady = 0;
    let raf = 0;
    const step = () => {
      const { scrollRef, virtualizer, list: items, announce } = latest.current;
      const scroller = scrollRef.current;
      const index = items.findIndex((i) => i.id === landing.id);
      if (!scroller || index < 0) return;
      const slot = scroller.querySelector<HTMLElement>(`.msg-slot[data-index="${index}"]`);
      if (!slot) {
        virtualizer.scrollToIndex(index, { align: 'center' });
        steady = 0;
      } else {
        const match = firstMatch(slot, landing.words);
        const moved = centre(scroller, (match ?? slot).getBoundingClientRect());
        steady = Math.abs(moved) < 1 ? steady + 1 : 0;
        if (steady >= STEADY_FRAMES || frame >= MAX_FRAMES) {
          paintHighlight(match);
          slot.focus({ preventScroll: true });
          announce(match ? match.toString() : '');
          return;
        }
      }
      if (++frame <= MAX_FRAMES) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [landing]);

  return landing?.id ?? null;
}
