// The chat's model picker next to the composer: which preset (and model) this chat uses, changed with a click or
// the keyboard (a button that opens a listbox: arrows, Home/End, Enter, Esc). The user's own choice: always allowed.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import type { Preset } from '@contract/schemas';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';

/** `default` (built from the agent's settings) first, then the named presets A–Z. */
function sortedPresets(presets: readonly Preset[]): Preset[] {
  return [...presets].sort((a, b) => (a.name === 'default' ? -1 : b.name === 'default' ? 1 : a.name.localeCompare(b.name)));
}

export function ModelPicker({ sessionKey, disabled }: { sessionKey: string | null; disabled?: boolean }): ReactElement {
  const { t } = useTranslation();
  const loadChoices = useAppStore((s) => s.loadModelChoices);
  const choose = useAppStore((s) => s.chooseModelPreset);
  const sessionPreset = useAppStore((s) => s.sessions.find((x) => x.key === sessionKey)?.modelPreset ?? null);
  const [choices, setChoices] = useState<{ active: string; presets: Preset[] } | null>(null);
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const refresh = useCallback(async () => setChoices(await loadChoices(sessionKey)), [loadChoices, sessionKey]);
  useEffect(() => {
    void refresh();
  }, [refresh, sessionPreset]);

  const active = choices?.presets.find((p) => p.name === choices.active);
  const presets = sortedPresets(choices?.presets ?? []);

  const openList = async () => {
    const fresh = await loadChoices(sessionKey);
    setChoices(fresh);
    const at = fresh ? sortedPresets(fresh.presets).findIndex((p) => p.name === fresh.active) : 0;
    setIndex(Math.max(0, at));
    setOpen(true);
  };
  useEffect(() => {
    if (open) list.current?.focus();
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const pick = async (p: Preset) => {
    close(true);
    if (p.name === choices?.active) return;
    if ((await choose(sessionKey, p.name)) !== null) await refresh();
  };

  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = presets.length - 1;
    const moves: Record<string, number> = { ArrowDown: Math.min(last, index + 1), ArrowUp: Math.max(0, index - 1), Home: 0, End: last };
    if (e.key in moves) {
      e.preventDefault();
      setIndex(moves[e.key]!);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const p = presets[index];
      if (p) void pick(p);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
    }
  };

  const label = active ? t('chat.modelPicker.current', { name: active.name, model: active.model }) : t('chat.modelPicker.none');
  return (
    <div className="model-picker">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-sm model-picker-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t('chat.modelPicker.button', { model: label })}
        title={t('chat.modelPicker.hint')}
        disabled={disabled || !choices}
        onClick={() => (open ? close(true) : void openList())}
        onKeyDown={(e) => {
          if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !open) {
            e.preventDefault();
            void openList();
          }
        }}
      >
        <Icon name="bolt" size={13} /> <span className="model-picker-label">{label}</span> <Icon name="chevronDown" size={12} />
      </button>
      {open && (
        <ul
          ref={list}
          className="model-picker-list"
          role="listbox"
          tabIndex={-1}
          aria-label={t('chat.modelPicker.list')}
          aria-activedescendant={presets[index] ? `model-option-${index}` : undefined}
          onKeyDown={onListKey}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null) && e.relatedTarget !== button.current) setOpen(false);
          }}
        >
          {presets.map((p, i) => (
            <li
              key={p.name}
              id={`model-option-${i}`}
              role="option"
              aria-selected={p.name === choices?.active}
              data-active={i === index || undefined}
              className="model-picker-option"
              onMouseEnter={() => setIndex(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => void pick(p)}
            >
              <span className="model-picker-name">
                {p.name === choices?.active && <Icon name="check" size={12} />} {p.name}
              </span>
              <span className="muted mono">{p.model}</span>
              {p.provider && <span className="faint">{p.provider}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
