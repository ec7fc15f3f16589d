// Keeps a scroll container on its newest content while the user is there: rows that get measured, fonts
// that load and streamed text never leave it stranded above the end; only the user scrolling up does.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Closer to the end than this counts as "at the bottom". */
const STICK_PX = 48;

export interface StickToBottom {
  /** True while the view follows new content. */
  stuck: RefObject<boolean>;
  /** The user has scrolled away from the end (show "Jump to latest"). */
  awayFromBottom: boolean;
  /** Follow again and go to the end. */
  jumpToLatest(): void;
  /** Stop following (a search hit is being shown) until the user scrolls back to the end or jumps there. */
  release(): void;
  /** Call from the container's onScroll. */
  onScroll(): void;
}

/** Keys that move a scroll container up. */
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);
/** Input this recent still explains a scroll (smooth scrolling runs on after the key or wheel). */
const INTENT_MS = 800;

/**
 * Whether a scroll moved the view up because the user did it. Content growing (rows measured taller than
 * their estimate) leaves scrollTop where it was; the virtual list shrinking a row above moves scrollTop
 * up together with scrollHeight. A move up is the user's own when the content kept its size (keys, the
 * scroll bar, a script standing in for them) or when the user just used the wheel, keys or pointer on
 * the list (while an answer streams and the content grows at the same time).
 */
export function userScrolledUp(before: { top: number; height: number }, after: { top: number; height: number }, userInput: boolean): boolean {
  return after.top < before.top - 1 && (after.height === before.height || userInput);
}

/** `resetKey` (the session) starts every new conversation at its end; `follow` values are what grows. */
export function useStickToBottom(scrollRef: RefObject<HTMLElement | null>, resetKey: string, follow: readonly unknown[]): StickToBottom {
  const stuck = useRef(true);
  /** Let go for a reason (a search hit shown): reaching the end by layout alone does not follow again. */
  const held = useRef(false);
  const last = useRef({ top: 0, height: 0 });
  const [awayFromBottom, setAway] = useState(false);

  const toEnd = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    last.current = { top: el.scrollTop, height: el.scrollHeight };
  }, [scrollRef]);

  const setStuck = useCallback((value: boolean) => {
    stuck.current = value;
    setAway(!value);
  }, []);

  // A new conversation starts at its end.
  useLayoutEffect(() => {
    held.current = false;
    setStuck(true);
    toEnd();
  }, [resetKey, toEnd, setStuck]);

  // New items or streamed text: follow before paint, so no jump is seen.
  useLayoutEffect(() => {
    if (stuck.current) toEnd();
  }, follow); // the caller's list of what grows (same length on every render)

  // Any change of the content's size (rows measured, images and fonts loaded) while following.
  useEffect(() => {
    const content = scrollRef.current?.firstElementChild;
    if (!content) return;
    const observer = new ResizeObserver(() => {
      if (stuck.current) toEnd();
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [scrollRef, toEnd]);

  // What the user does on the list: a wheel turned up lets go at once; keys and the pointer (the scroll
  // bar) mark the scrolls that follow as theirs.
  const inputAt = useRef(-Infinity);
  const pointerDown = useRef(false);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const mark = () => {
      inputAt.current = performance.now();
    };
    const onWheel = (e: WheelEvent) => {
      mark();
      if (e.deltaY < 0 && el.scrollTop > 0 && stuck.current) setStuck(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (UP_KEYS.has(e.key) || (e.key === ' ' && e.shiftKey)) mark();
    };
    const onPointerDown = () => {
      pointerDown.current = true;
      mark();
    };
    const onPointerUp = () => {
      pointerDown.current = false;
    };
    el.addEventListener('wheel', onWheel, { passive: true });
    el.addEventListener('keydown', onKey);
    el.addEventListener('touchmove', mark, { passive: true });
    el.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointerup', onPointerUp);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('touchmove', mark);
      el.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
    };
  }, [scrollRef, setStuck]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const now = { top: el.scrollTop, height: el.scrollHeight };
    const atBottom = now.height - now.top - el.clientHeight < STICK_PX;
    const userInput = pointerDown.current || performance.now() - inputAt.current < INTENT_MS;
    if (userInput) held.current = false;
    if (atBottom && !stuck.current && !held.current) setStuck(true);
    else if (!atBottom && stuck.current && userScrolledUp(last.current, now, userInput)) setStuck(false);
    last.current = now;
  }, [scrollRef, setStuck]);

  return {
    stuck,
    awayFromBottom,
    jumpToLatest: useCallback(() => {
      held.current = false;
      setStuck(true);
      toEnd();
    }, [setStuck, toEnd]),
    release: useCallback(() => {
      held.current = true;
      setStuck(false);
    }, [setStuck]),
    onScroll,
  };
}
