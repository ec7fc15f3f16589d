// The right side of the chat view: header, messages, error banner and composer; accepts dropped images.
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type DragEvent, type ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { SidebarToggle } from '../../components/SidebarToggle';
import { getAppStore, useAppStore } from '../../state/store';
import { Composer, type ComposerHandle } from './Composer';
import { LiveAnnouncer } from './LiveAnnouncer';
import { MessageList } from './MessageList';
import { ApprovalDock } from './ApprovalDock';
import { ElicitationDock } from '../mcp/ElicitationDock';
import { TurnErrorBanner } from './TurnErrorBanner';
import { LazyProviderSetup } from '../onboarding/LazyProviderSetup';
import { needsSetup } from '../onboarding/setup-form';
import { channelLabel } from './channel-label';
import { loadMarkdown, markdownRenderer, subscribeMarkdown } from '../../lib/markdown-loader';
import { sessionTitle } from './session-title';

const markdownReady = (): boolean => markdownRenderer() !== null;

function hasFiles(e: DragEvent): boolean {
  return [...e.dataTransfer.types].includes('Files');
}

export function Conversation(): ReactElement {
  const { t } = useTranslation();
  const sessionKey = useAppStore((s) => s.activeSessionKey);
  const activeSession = useAppStore((s) => s.sessions.find((x) => x.key === s.activeSessionKey));
  const hasActive = useAppStore((s) => s.activeSessionKey !== null);
  const title = activeSession ? sessionTitle(activeSession, t) : hasActive ? t('chat.conversation.newChat') : t('common.app.name');
  const channel = useAppStore((s) => s.sessions.find((x) => x.key === s.activeSessionKey)?.channel ?? null);
  const running = useAppStore((s) => Boolean(s.activeSessionKey && s.threads[s.activeSessionKey]?.turnId));
  const loaded = useAppStore((s) => Boolean(s.activeSessionKey && s.threads[s.activeSessionKey]?.loaded));
  const loadError = useAppStore((s) => (s.activeSessionKey ? (s.threads[s.activeSessionKey]?.loadError ?? null) : null));
  const empty = useAppStore((s) => !s.activeSessionKey || (s.threads[s.activeSessionKey]?.items.length ?? 0) === 0);
  const sessionPreset = useAppStore((s) => s.sessions.find((x) => x.key === s.activeSessionKey)?.modelPreset ?? null);
  const requestView = useAppStore((s) => s.requestView);
  const composer = useRef<ComposerHandle>(null);
  const [dropping, setDropping] = useState(false);
  // First run: no model to talk to yet, so the empty chat is the place to connect one (or later, from an error).
  const noProvider = useAppStore((s) => needsSetup(s.settings?.config));
  const [setupLater, setSetupLater] = useState(false);
  const setupFirst = noProvider && !setupLater;

  // The messages wait for the markdown renderer (its own chunk), asked for with the chat's history.
  const canShowMessages = useSyncExternalStore(subscribeMarkdown, markdownReady);
  useEffect(() => {
    if (sessionKey) void loadMarkdown();
  }, [sessionKey]);

  // Focus the composer when another chat is shown, unless a dialog or the palette has the user's attention; as it
  // mounts (a layout effect), so typing works from the window's first frame.
  useLayoutEffect(() => {
    if (getAppStore().getState().paletteOpen || document.querySelector('[aria-modal="true"]')) return;
    composer.current?.focus();
  }, [sessionKey]);

  return (
    <section
      className="conversation"
      aria-label={t('chat.conversation.label')}
      data-drop={dropping}
      data-drop-label={t('chat.composer.dropHere')}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDropping(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDropping(false);
      }}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDropping(false);
        composer.current?.addFiles([...e.dataTransfer.files]);
      }}
    >
      <header className="view-head">
        <SidebarToggle label={t('chat.sidebar.title')} />
        <div className="conv-title">
          <h1>{title}</h1>
          {channel && channel !== 'desktop' && <span className="badge">{channelLabel(channel)}</span>}
          {running && (
            <span className="badge badge-accent">
              <span className="spinner" aria-hidden="true" style={{ width: 10, height: 10 }} /> {t('chat.conversation.answering')}
            </span>
          )}
        </div>
        {sessionPreset && sessionPreset !== 'default' && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => requestView('runtime')} title={t('chat.conversation.presetHint')}>
            <Icon name="bolt" size={13} /> {sessionPreset}
          </button>
        )}
      </header>
      {sessionKey && !empty && canShowMessages ? (
        <MessageList sessionKey={sessionKey} />
      ) : setupFirst && empty ? (
        <div className="messages setup-pane" style={{ contain: 'none' }}>
          <LazyProviderSetup onDone={() => composer.current?.focus()} onLater={() => setSetupLater(true)} />
        </div>
      ) : (
        <div className="messages" style={{ contain: 'none' }}>
          <EmptyState icon="chat" title={loadError ? t('chat.failure.loadFailed') : sessionKey && (!loaded || !empty) ? t('common.actions.loading') : t('chat.conversation.emptyTitle')}>
            {loadError && <p className="field-error">{loadError}</p>}
            <p>{t('chat.conversation.emptyBody')}</p>
            <p className="faint" style={{ marginTop: 8 }}>
              <Trans i18nKey="chat.conversation.keys" components={{ kbd: <kbd /> }} />
            </p>
          </EmptyState>
        </div>
      )}
      {sessionKey && <ApprovalDock sessionKey={sessionKey} />}
      {sessionKey && <ElicitationDock sessionKey={sessionKey} />}
      <div className="chat-bottom">
        <div className="chat-bottom-inner">
          {sessionKey && <TurnErrorBanner sessionKey={sessionKey} />}
          <Composer ref={composer} sessionKey={sessionKey} running={running} />
        </div>
      </div>
      <LiveAnnouncer sessionKey={sessionKey} />
    </section>
  );
}
