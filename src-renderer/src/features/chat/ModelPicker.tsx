// The chat's model picker next to the composer: the presets, then every model of every configured provider (their
// model lists, read again with the refresh button), narrowed by typing. A combobox: the filter keeps the focus,
// arrows move through the options, Enter picks, Esc closes; a typed name the lists lack is offered as "Use '<name>'". A pick applies to this chat from its next answer; a
// model needs no preset. The user's own choice: always allowed.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import type { InvokeOutput } from '@contract/schemas';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';
import { isChosen, modelOptionGroups, type ModelOption } from './model-options';

type Choices = InvokeOutput<'runtime:presets'>;

export function ModelPicker({ sessionKey, disabled }: { sessionKey: string | null; disabled?: boolean }): ReactElement {
  const { t } = useTranslation();
  const loadChoices = useAppStore((s) => s.loadModelChoices);
  const choosePreset = useAppStore((s) => s.chooseModelPreset);
  const chooseModel = useAppStore((s) => s.chooseModel);
  const loadModels = useAppStore((s) => s.loadProviderModels);
  const providers = useAppStore((s) => s.providerModels);
  const loading = useAppStore((s) => s.providerModelsLoading);
  const [sessionPreset, ownProvider, ownModel] = useAppStore(
    useShallow((s) => {
      const x = s.sessions.find((y) => y.key === sessionKey);
      return [x?.modelPreset ?? null, x?.model?.provider ?? null, x?.model?.model ?? null];
    }),
  );
  // Settings saved (the setup's "Save and start", a preset edited) change what the chat uses: read it again.
  const configured = useAppStore((s) => (s.settings ? JSON.stringify([s.settings.config.agent.provider, s.settings.config.agent.model, s.settings.config.modelPresets]) : ''));
  const [choices, setChoices] = useState<Choices | null>(null);
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [activeId, setActiveId] = useState<string | undefined>();
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // What a chat uses is read for the chat shown now: an answer for another (a pick that started a chat) is dropped.
  const shownKey = useRef(sessionKey);
  shownKey.current = sessionKey;
  const readChoices = useCallback(
    async (key: string | null) => {
      const read = await loadChoices(key);
      if (shownKey.current === key) setChoices(read);
    },
    [loadChoices],
  );
  const refresh = useCallback(() => readChoices(sessionKey), [readChoices, sessionKey]);
  useEffect(() => {
    void refresh();
  }, [refresh, sessionPreset, ownProvider, ownModel, configured]);

  const groups = useMemo(() => modelOptionGroups(choices?.presets ?? [], providers ?? [], filter), [choices, providers, filter]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  const chosenNow = (o: ModelOption) => isChosen(o, choices?.active, choices?.chosen);

  // The highlighted option stays while it is shown; else the first one shown.
  useEffect(() => {
    if (open && !options.some((o) => o.id === activeId)) setActiveId(options.find(chosenNow)?.id ?? options[0]?.id);
  }, [open, options, activeId]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (open && activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeId]);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const openList = async () => {
    setFilter('');
    setActiveId(undefined);
    setChoices(await loadChoices(sessionKey));
    setOpen(true);
    void loadModels(false);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const pick = async (o: ModelOption) => {
    close(true);
    if (chosenNow(o)) return;
    const changed = o.kind === 'preset' ? await choosePreset(sessionKey, o.preset.name) : await chooseModel(sessionKey, o.provider, o.model);
    if (changed !== null) await readChoices(shownKey.current);
  };

  const onFilterKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const at = options.findIndex((o) => o.id === activeId);
    const last = options.length - 1;
    const moves: Record<string, number> = { ArrowDown: Math.min(last, at + 1), ArrowUp: Math.max(0, at - 1), PageDown: Math.min(last, at + 8), PageUp: Math.max(0, at - 8) };
    if (e.key in moves) {
      e.preventDefault();
      setActiveId(options[moves[e.key]!]?.id);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Typed faster than the highlight followed: what it would have settled on.
      const o = options[at] ?? options.find(chosenNow) ?? options[0];
      if (o) void pick(o);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
    }
  };

  const active = choices?.presets.find((p) => p.name === choices.active);
  const label = choices?.chosen
    ? t('chat.modelPicker.own', { model: choices.chosen.model, provider: choices.chosen.provider })
    : active
      ? t('chat.modelPicker.current', { name: active.name, model: active.model })
      : t('chat.modelPicker.none');
  const failed = (providers ?? []).filter((p) => p.error);
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
        <div
          className="model-picker-pop"
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null) && e.relatedTarget !== button.current) setOpen(false);
          }}
        >
          <div className="model-picker-head">
            <input
              ref={input}
              className="input input-sm model-picker-filter"
              role="combobox"
              aria-expanded="true"
              aria-controls="model-picker-options"
              aria-autocomplete="list"
              aria-activedescendant={activeId}
              aria-label={t('chat.modelPicker.filter')}
              placeholder={t('chat.modelPicker.filterPlaceholder')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              onKeyDown={onFilterKey}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-icon"
              aria-label={t('chat.modelPicker.refresh')}
              title={t('chat.modelPicker.refresh')}
              aria-busy={loading}
              onClick={() => {
                if (!loading) void loadModels(true);
                input.current?.focus();
              }}
            >
              <Icon name="refresh" size={13} />
            </button>
          </div>
          <div id="model-picker-options" className="model-picker-list" role="listbox" aria-label={t('chat.modelPicker.list')}>
            {groups.map((g) => (
              <div key={g.key} role="group" aria-labelledby={`${g.options[0]!.id}-group`} className="model-picker-group">
                <div id={`${g.options[0]!.id}-group`} role="presentation" className="model-picker-group-label">
                  {g.typed ? t('chat.modelPicker.typedGroup') : g.provider ? t('chat.modelPicker.provider', { provider: g.provider }) : t('chat.modelPicker.presets')}
                </div>
                {g.options.map((o) => (
                  <div
                    key={o.id}
                    id={o.id}
                    role="option"
                    aria-selected={chosenNow(o)}
                    data-active={o.id === activeId || undefined}
                    className="model-picker-option"
                    onMouseEnter={() => setActiveId(o.id)}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => void pick(o)}
                  >
                    <span className="model-picker-name">
                      {chosenNow(o) && <Icon name="check" size={12} />} {o.kind === 'preset' ? o.preset.name : o.typed ? t('chat.modelPicker.useTyped', { model: o.model }) : o.model}
                    </span>
                    {o.kind === 'preset' && <span className="muted mono">{o.preset.model}</span>}
                    {o.kind === 'model' && o.typed && <span className="muted">{t('chat.modelPicker.useTypedOn', { provider: o.provider })}</span>}
                  </div>
                ))}
              </div>
            ))}
          </div>
          <div className="model-picker-notes" role="status">
            {loading && <p className="faint">{t('chat.modelPicker.loading')}</p>}
            {!options.some((o) => o.kind === 'preset' || !o.typed) && filter.trim() && <p>{t('chat.modelPicker.noMatch', { filter: filter.trim() })}</p>}
            {failed.map((p) => (
              <p key={p.provider} className="model-picker-error">
                {t('chat.modelPicker.unreachable', { provider: p.provider, message: p.error!.message })}
              </p>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
