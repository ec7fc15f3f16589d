// What main says to the user — outside the window (the tray menu and tooltip, desktop notifications for approvals,
// heartbeat, cron and subagent reports, quick-ask shortcut problems) and in it (its reports as toasts, the notes on
// the Settings page) — in English and Simplified Chinese: one typed catalogue for the desktop shell, the core (which
// sends references to it) and the window. `{{name}}` marks a value; every translation has the same ones (tests/contract checks).
import { z } from 'zod';
import type { Language } from './languages';

const EN = {
  'tray.quickAsk': 'Quick ask',
  'tray.openMain': 'Open Nanotray',
  'tray.heartbeat': 'Heartbeat',
  'tray.resume': 'Resume',
  'tray.pause': 'Pause',
  'tray.running': 'Running…',
  'tray.runNow': 'Run now',
  'tray.openConfig': 'Open config',
  'tray.retry': 'Retry',
  'tray.launchAtLogin': 'Launch at login',
  'tray.quit': 'Quit Nanotray',
  'tray.runsIn': 'Runs in {{label}} (pid {{pid}})',
  'tray.lastRunNever': 'Last run: never',
  'tray.lastRun': 'Last run {{ago}}: {{outcome}}',
  'tray.lastRunWhy': 'Last run {{ago}}: {{outcome}} ({{reason}})',
  'tray.justNow': 'just now',
  'tray.minutesAgo': '{{n}} min ago',
  'tray.hoursAgo': '{{n}} h ago',
  'tray.outcome.ran': 'ran',
  'tray.outcome.silent': 'nothing to tell',
  'tray.outcome.notified': 'notified',
  'tray.outcome.skipped': 'skipped',
  'tray.outcome.failed': 'failed',
  'tooltip.status': 'Nanotray — {{parts}}',
  'tooltip.join': ', ',
  'tooltip.approvals_one': '{{n}} approval waiting',
  'tooltip.approvals_other': '{{n}} approvals waiting',
  'tooltip.notifications_one': '{{n}} new notification',
  'tooltip.notifications_other': '{{n}} new notifications',
  'tooltip.working_one': 'working ({{n}} session)',
  'tooltip.working_other': 'working ({{n}} sessions)',
  'tooltip.idle': 'idle',
  'tooltip.heartbeat': 'Heartbeat: {{line}}',
  'approval.title': 'Nanotray needs your approval',
  'approval.body': 'Allow {{tool}}? Open Nanotray to see what it will do, then allow or deny it.',
  'shortcut.unavailable': 'Nanotray: quick-ask shortcut unavailable',
  'shortcut.empty': 'No quick-ask shortcut is set (ui.quickAskShortcut is empty).',
  'shortcut.invalid': 'The quick-ask shortcut "{{shortcut}}" is not a valid accelerator ({{why}}). Change ui.quickAskShortcut in Settings.',
  'shortcut.taken':
    'The quick-ask shortcut "{{shortcut}}" is already used by another application. Choose another one in Settings (ui.quickAskShortcut); the tray icon still opens quick ask.',
  'shortcut.wayland':
    'On Wayland the desktop decides about the quick-ask shortcut "{{shortcut}}" (it may ask you to confirm it). If pressing it does nothing, add a keyboard shortcut in your system settings that runs: {{command}} --quick-ask. The tray icon also opens quick ask.',
  'notify.heartbeat': 'Nanotray heartbeat',
  'notify.heartbeatFailed': 'Heartbeat failed',
  'notify.cronLate': '{{job}} (late)',
  'notify.cronRan': 'The job ran.',
  'notify.cronPaused': "Cron job '{{job}}' paused",
  'notify.cronPausedBody': '{{count}} errors in a row; the last one: {{error}}. Resume it from the runtime panel once fixed.',
  'notify.cronFailed': "Cron job '{{job}}' failed",
  'notify.subagentFinished': "Subagent '{{label}}' finished",
  'notify.subagentFailed': "Subagent '{{label}}' failed",
  'settings.keysPlain': 'API keys are stored in config.json (file mode 0600).',
  'settings.keysPlainBrowser': 'API keys are stored in config.json (file mode 0600); the browser host has no OS keychain.',
  'settings.keysNoKeyring': 'No system keyring (GNOME Keyring/KWallet) was found, so API keys are stored as plain text in config.json (file mode 0600).',
  'settings.keysNoKeychain': 'The system keychain is not available, so API keys are stored as plain text in config.json (file mode 0600).',
  'settings.keysEncrypted': 'API keys are encrypted with the system keychain before they are written to config.json.',
  'settings.keyMoved':
    'The API key of {{names}} was removed: its baseUrl now points to another host, and a stored key is never sent to a host it was not entered for. Enter the key again to use it there.',
  'settings.keyLocked': "The API key of {{names}} can no longer be decrypted with this computer's keychain (it was changed, reset or is locked). Enter the key again to use it.",
  'settings.keyOtherHost': "The API key of {{names}} was encrypted by the desktop app's keychain and cannot be used here; enter it again to use it in this host.",
} as const;

export type DesktopTextKey = keyof typeof EN;

const ZH: Record<DesktopTextKey, string> = {
  'tray.quickAsk': '快速提问',
  'tray.openMain': '打开 Nanotray',
  'tray.heartbeat': '心跳',
  'tray.resume': '继续',
  'tray.pause': '暂停',
  'tray.running': '运行中…',
  'tray.runNow': '立即运行',
  'tray.openConfig': '打开配置文件',
  'tray.retry': '重试',
  'tray.launchAtLogin': '登录时启动',
  'tray.quit': '退出 Nanotray',
  'tray.runsIn': '在 {{label}} 中运行（pid {{pid}}）',
  'tray.lastRunNever': '上次运行：从未',
  'tray.lastRun': '上次运行（{{ago}}）：{{outcome}}',
  'tray.lastRunWhy': '上次运行（{{ago}}）：{{outcome}}（{{reason}}）',
  'tray.justNow': '刚刚',
  'tray.minutesAgo': '{{n}} 分钟前',
  'tray.hoursAgo': '{{n}} 小时前',
  'tray.outcome.ran': '已运行',
  'tray.outcome.silent': '无需通知',
  'tray.outcome.notified': '已通知',
  'tray.outcome.skipped': '已跳过',
  'tray.outcome.failed': '失败',
  'tooltip.status': 'Nanotray — {{parts}}',
  'tooltip.join': '，',
  'tooltip.approvals_one': '{{n}} 个请求待批准',
  'tooltip.approvals_other': '{{n}} 个请求待批准',
  'tooltip.notifications_one': '{{n}} 条新通知',
  'tooltip.notifications_other': '{{n}} 条新通知',
  'tooltip.working_one': '工作中（{{n}} 个会话）',
  'tooltip.working_other': '工作中（{{n}} 个会话）',
  'tooltip.idle': '空闲',
  'tooltip.heartbeat': '心跳：{{line}}',
  'approval.title': 'Nanotray 需要你的批准',
  'approval.body': '允许 {{tool}} 吗？打开 Nanotray 查看它要做什么，然后允许或拒绝。',
  'shortcut.unavailable': 'Nanotray：快速提问快捷键不可用',
  'shortcut.empty': '没有设置快速提问快捷键（ui.quickAskShortcut 为空）。',
  'shortcut.invalid': '快速提问快捷键“{{shortcut}}”不是有效的快捷键（{{why}}）。请在设置中修改 ui.quickAskShortcut。',
  'shortcut.taken': '快速提问快捷键“{{shortcut}}”已被其他应用占用。请在设置中另选一个（ui.quickAskShortcut）；点击托盘图标仍可打开快速提问。',
  'shortcut.wayland':
    '在 Wayland 下，快速提问快捷键“{{shortcut}}”由桌面环境决定（可能会请你确认）。如果按下后没有反应，请在系统设置中添加一个运行以下命令的键盘快捷键：{{command}} --quick-ask。点击托盘图标也能打开快速提问。',
  'notify.heartbeat': 'Nanotray 心跳',
  'notify.heartbeatFailed': '心跳运行失败',
  'notify.cronLate': '{{job}}（延迟运行）',
  'notify.cronRan': '任务已运行。',
  'notify.cronPaused': '定时任务“{{job}}”已暂停',
  'notify.cronPausedBody': '连续出错 {{count}} 次，最近一次：{{error}}。修复后可在运行面板中恢复。',
  'notify.cronFailed': '定时任务“{{job}}”失败',
  'notify.subagentFinished': '子代理“{{label}}”已完成',
  'notify.subagentFailed': '子代理“{{label}}”失败',
  'settings.keysPlain': 'API 密钥以明文保存在 config.json 中（文件权限 0600）。',
  'settings.keysPlainBrowser': 'API 密钥以明文保存在 config.json 中（文件权限 0600）；浏览器模式无法使用系统钥匙串。',
  'settings.keysNoKeyring': '未找到系统密钥环（GNOME Keyring/KWallet），因此 API 密钥以明文保存在 config.json 中（文件权限 0600）。',
  'settings.keysNoKeychain': '系统钥匙串不可用，因此 API 密钥以明文保存在 config.json 中（文件权限 0600）。',
  'settings.keysEncrypted': 'API 密钥在写入 config.json 之前会用系统钥匙串加密。',
  'settings.keyMoved': '{{names}} 的 API 密钥已被移除：它的 baseUrl 现在指向另一个主机，而已保存的密钥绝不会发送给它未被输入过的主机。如需在那里使用，请重新输入密钥。',
  'settings.keyLocked': '{{names}} 的 API 密钥已无法用这台电脑的钥匙串解密（钥匙串被更改、重置或已锁定）。请重新输入密钥。',
  'settings.keyOtherHost': '{{names}} 的 API 密钥是由桌面应用的钥匙串加密的，在这里无法使用；如需在此使用，请重新输入。',
};

const CATALOGUES: Record<Language, Record<DesktopTextKey, string>> = { en: EN, zh: ZH };

/** The names of the `{{values}}` in a text. */
type ValueNames<S extends string> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | ValueNames<Rest> : never;

/** The values a text needs, by name. */
export type DesktopTextValues<K extends DesktopTextKey> = { [Name in ValueNames<(typeof EN)[K]>]: string | number };

/** A text of the catalogue with its values: what the core puts in a report so each host words it in its language. */
export type DesktopTextRef = { [K in DesktopTextKey]: { key: K; values?: DesktopTextValues<K> } }[DesktopTextKey];

/** Every key (what the contract's schema accepts). */
export const DESKTOP_TEXT_KEYS = Object.keys(EN) as [DesktopTextKey, ...DesktopTextKey[]]; // EN has keys: a non-empty tuple

export const desktopTextRefSchema = z.object({
  key: z.enum(DESKTOP_TEXT_KEYS),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * How a `notify` report is worded in other languages: its title and/or body as catalogue texts. Parts without one
 * (what the agent wrote, a job's name) are the same in every language.
 */
export const notifyTextSchema = z.object({ title: desktopTextRefSchema.optional(), body: desktopTextRefSchema.optional() });
export type NotifyText = { title?: DesktopTextRef; body?: DesktopTextRef };

/** The `{{names}}` of a text in a language (for the catalogue test). */
export function valueNamesOf(language: Language, key: DesktopTextKey): string[] {
  return [...CATALOGUES[language][key].matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}

function fill(template: string, values: Readonly<Record<string, string | number>> | undefined): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values?.[name];
    return value === undefined ? whole : String(value);
  });
}

/** A text in `language`, its values filled in. */
export function desktopText<K extends DesktopTextKey>(
  language: Language,
  key: K,
  ...values: ValueNames<(typeof EN)[K]> extends never ? [] : [DesktopTextValues<K>]
): string {
  return fill(CATALOGUES[language][key], values[0]);
}

/** A reference worded in `language` (a report from the core, or from the contract's schema). */
export function wordRef(language: Language, ref: { key: DesktopTextKey; values?: Readonly<Record<string, string | number>> }): string {
  return fill(CATALOGUES[language][ref.key], ref.values);
}

/** Builds a reference with its values checked against the text (`textRef('notify.cronFailed', { job })`). */
export function textRef<K extends DesktopTextKey>(key: K, ...values: ValueNames<(typeof EN)[K]> extends never ? [] : [DesktopTextValues<K>]): DesktopTextRef {
  // The mapped union cannot be narrowed by a generic K; the value shape is checked by the signature above.
  return (values[0] ? { key, values: values[0] } : { key }) as DesktopTextRef;
}

/** `_one` for exactly one, `_other` else (English; Chinese has the same text in both). */
export function countKey<B extends string>(base: B, n: number): `${B}_one` | `${B}_other` {
  return n === 1 ? `${base}_one` : `${base}_other`;
}
