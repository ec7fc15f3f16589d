// While an argument of a slash command is typed (`/notes:summarise ma`), the core's suggestions for it: the
// command's own candidates, or an MCP server's completion of its prompt's argument. Asked after a short pause in
// typing; an answer for text that changed meanwhile is dropped.
import { useEffect, useState } from 'react';
import type { CommandCompletion } from '@contract/schemas';
import { useAppStore } from '../../state/store';

const PAUSE_MS = 150;

/** True when `text` is a command with at least one argument begun (a space after the name). */
export function typingArgument(text: string): boolean {
  return /^\/[^\s]+\s/.test(text) && !text.includes('\n');
}

export function useArgumentSuggestions(text: string): CommandCompletion[] {
  const completeCommand = useAppStore((s) => s.completeCommand);
  const [answer, setAnswer] = useState<{ text: string; completions: CommandCompletion[] }>({ text: '', completions: [] });
  const active = typingArgument(text);
  useEffect(() => {
    if (!active) return;
    let current = true;
    const timer = window.setTimeout(() => {
      void completeCommand(text).then((completions) => {
        if (current) setAnswer({ text, completions });
      });
    }, PAUSE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [active, text, completeCommand]);
  return active && answer.text === text ? answer.completions.filter((c) => c.text.trim() !== text.trim()) : [];
}
