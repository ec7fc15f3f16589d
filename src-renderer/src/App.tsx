// The main window: navigation rail + the active view, global shortcuts, theme, toasts and dialogs.
import { lazy, Suspense, useEffect, useRef, type ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Banner } from './components/Banner';
import { askPermission, browserNotifyEnv, declineOffer } from './lib/browser-notifications';
import { ConfirmDialog } from './components/Dialog';
import { FileViewerDialog } from './features/chat/FileViewerDialog';
import { NavRail } from './components/NavRail';
import { Toasts } from './components/Toasts';
import { ChatView } from './features/chat/ChatView';
import { SearchPalette } from './features/chat/SearchPalette';
import { applyTheme } from './lib/theme';
import { getAppStore, useAppStore } from './state/store';
import type { View } from '@contract/event-schemas';

// Chat paints first; the other views load on first use (they carry the diff library and big forms).
const MemoryView = lazy(() => import('./features/memory/MemoryView').then((m) => ({ default: m.MemoryView })));
const RuntimeView = lazy(() => import('./features/runtime/RuntimeView').then((m) => ({ default: m.RuntimeView })));
const SettingsView = lazy(() => import('./features/settings/SettingsView').then((m) => ({ default: m.SettingsView })));

const VIEW_KEYS: Record<string, View> = { '1': 'chat', '2': 'memory', '3': 'runtime', '4': 'settings' };

function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (!mod || e.altKey) return;
      const s = getAppStore().getState();
      const key = e.key.toLowerCase();
      if (key === 'k') {
        e.preventDefault();
        s.setPaletteOpen(!s.paletteOpen);
      } else if (key === 'n' && !e.shiftKey) {
        e.preventDefault();
        s.requestView('chat');
        if (getAppStore().getState().view === 'chat') void s.newChat();
      } else if (VIEW_KEYS[e.key] && !e.shiftKey) {
        e.preventDefault();
        s.requestView(VIEW_KEYS[e.key]!);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * After a view switch, focus goes to the view's main control (`data-main-control`: the composer, the memory
 * editor, the runtime session picker, the Settings heading), not to <body>. Views that load lazily get a few
 * frames to appear.
 */
function useFocusOnViewSwitch(view: View): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frames = 0;
    let id = 0;
    // While the next view's chunk loads, React keeps the previous one in the page, hidden: skip what cannot take focus.
    const tryFocus = () => {
      const target = [...document.querySelectorAll<HTMLElement>('.view [data-main-control]')].find((el) => el.getClientRects().length > 0);
      target?.focus();
      if (target && document.activeElement === target) return;
      if (++frames < 90) id = window.requestAnimationFrame(tryFocus);
    };
    id = window.requestAnimationFrame(tryFocus);
    return () => window.cancelAnimationFrame(id);
  }, [view]);
}

/** The window title names the open chat and marks unsaved memory edits. */
function useWindowTitle(): void {
  const view = useAppStore((s) => s.view);
  const chatTitle = useAppStore((s) => s.sessions.find((x) => x.key === s.activeSessionKey)?.title ?? '');
  const memoryPath = useAppStore((s) => s.memoryDoc?.path ?? '');
  const dirty = useAppStore((s) => (s.memoryDoc ? s.memoryDoc.draft !== s.memoryDoc.savedText : false));
  const { t } = useTranslation();
  useEffect(() => {
    const parts: Record<View, string> = { chat: chatTitle, memory: memoryPath, runtime: t('common.views.runtime'), settings: t('common.views.settings') };
    const detail = parts[view];
    document.title = `${dirty ? '• ' : ''}${detail ? `${detail} — ` : ''}Nanotray`;
  }, [view, chatTitle, memoryPath, dirty, t]);
}

function StartupBanner(): ReactElement | null {
  const error = useAppStore((s) => s.appInfo?.startupError);
  const requestView = useAppStore((s) => s.requestView);
  const view = useAppStore((s) => s.view);
  const { t } = useTranslation();
  if (!error || view === 'settings') return null;
  return (
    <div style={{ padding: '8px 16px 0' }}>
      <Banner
        tone="warn"
        title={t('common.app.needsConfig')}
        actions={
          <button type="button" className="btn btn-sm btn-primary" onClick={() => requestView('settings')}>
            {t('common.app.openSettings')}
          </button>
        }
      >
        {error}
      </Banner>
    </div>
  );
}

/** The browser host's socket: lost (trying again, with "Try now"), back (said once), or refused for good. */
function ConnectionBanner(): ReactElement | null {
  const connection = useAppStore((s) => s.connection);
  const wasOpen = useAppStore((s) => s.connectionWasOpen);
  const reconnectNow = useAppStore((s) => s.reconnectNow);
  const { t } = useTranslation();
  // Between attempts the state flips to `connecting` and back: the banner stays up the whole time.
  const lost = connection === 'closed' || (connection === 'connecting' && wasOpen);
  if (!lost && connection !== 'unauthorized') return null;
  return (
    <div style={{ padding: '8px 16px 0' }}>
      {lost ? (
        <Banner
          tone="warn"
          title={t('common.app.connectionLost')}
          actions={
            reconnectNow && (
              <button type="button" className="btn btn-sm" disabled={connection === 'connecting'} onClick={reconnectNow}>
                {connection === 'connecting' ? t('common.app.reconnectingNow') : t('common.app.tryNow')}
              </button>
            )
          }
        >
          {t('common.app.reconnecting')}
        </Banner>
      ) : (
        <Banner tone="danger" title={t('common.app.refused')}>
          <Trans i18nKey="common.app.refusedBody" components={{ code: <span className="mono" /> }} />
        </Banner>
      )}
    </div>
  );
}

/** The browser host's one offer of desktop notifications, made when the first report arrives. */
function NotificationOffer(): ReactElement | null {
  const offer = useAppStore((s) => s.notificationOffer);
  const setOffer = useAppStore((s) => s.setNotificationOffer);
  const { t } = useTranslation();
  if (!offer) return null;
  const env = browserNotifyEnv();
  return (
    <div style={{ padding: '8px 16px 0' }}>
      <Banner
        tone="info"
        title={t('common.notifications.offerTitle')}
        actions={
          <>
            <button type="button" className="btn btn-sm btn-primary" onClick={() => void askPermission(env).then(() => setOffer(false))}>
              {t('common.notifications.turnOn')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={() => {
                declineOffer(env);
                setOffer(false);
              }}
            >
              {t('common.notifications.notNow')}
            </button>
          </>
        }
      >
        {t('common.notifications.offerBody')}
      </Banner>
    </div>
  );
}

/** Leaving a view with unsaved edits (a memory file, Settings): save and leave, discard, or stay. */
function LeaveDialog(): ReactElement | null {
  const pending = useAppStore((s) => s.pendingView);
  const fromSettings = useAppStore((s) => s.view === 'settings');
  const path = useAppStore((s) => s.memoryDoc?.path);
  const confirm = useAppStore((s) => s.confirmPendingView);
  const cancel = useAppStore((s) => s.cancelPendingView);
  const saveMemory = useAppStore((s) => s.saveMemory);
  const settingsEdits = useAppStore((s) => s.settingsEdits);
  const { t } = useTranslation();
  if (!pending) return null;
  const save = async (): Promise<boolean> => {
    if (fromSettings) return settingsEdits ? settingsEdits.save() : true;
    const outcome = await saveMemory();
    return outcome === 'saved' || outcome === 'unchanged';
  };
  return (
    <ConfirmDialog
      title={t('common.app.leaveTitle')}
      body={fromSettings ? t('common.app.leaveSettingsBody') : t('common.app.leaveBody', { path: path ?? t('common.app.thisFile') })}
      confirmLabel={t('common.app.discardEdits')}
      danger
      onCancel={cancel}
      onConfirm={() => confirm(true)}
      extra={{
        label: t('common.app.saveAndLeave'),
        // A save that fails (an invalid field, a refused patch) keeps the user where the error is shown.
        onClick: () => void save().then((saved) => (saved ? confirm(false) : cancel())),
      }}
    />
  );
}

export function App(): ReactElement {
  const view = useAppStore((s) => s.view);
  const theme = useAppStore((s) => s.theme);
  const { t } = useTranslation();
  useGlobalShortcuts();
  useWindowTitle();
  useFocusOnViewSwitch(view);
  useEffect(() => applyTheme(theme), [theme]);

  return (
    <div className="app">
      <NavRail />
      <main className="view" aria-label={t(`common.views.${view}`)}>
        <ConnectionBanner />
        <NotificationOffer />
        <StartupBanner />
        {/* toasts hang from here: in the view header's band, below any banner */}
        <div className="toast-anchor">
          <Toasts />
        </div>
        {view === 'chat' && <ChatView />}
        <Suspense fallback={<div className="view-body" aria-busy="true" />}>
          {view === 'memory' && <MemoryView />}
          {view === 'runtime' && <RuntimeView />}
          {view === 'settings' && <SettingsView />}
        </Suspense>
      </main>
      <SearchPalette />
      <LeaveDialog />
      <FileViewerDialog />
    </div>
  );
}
