// What main says to the user — outside the window (the tray menu and tooltip, desktop notifications for approvals,
// heartbeat, cron and subagent reports, quick-ask shortcut problems) and in it (its reports as toasts, the notes on
// the Settings page) — in English and Simplified Chinese: one typed catalogue for the desktop shell, the core (which
// sends references to it) and the window. `{{name}}` marks a value; every translation has the same ones (tests/contract checks).
// No zod here: the window imports this file, and its bundle carries no schema code (desktop-text-schema.ts has it).
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
  'startup.failed': 'Nanotray could not start',
  'startup.fixAndRetry': '{{message}}\n\nFix {{path}} and choose "Retry" in the tray menu.',
  'startup.stillFailing': 'Nanotray still cannot start',
  'startup.checkAndRetry': 'Check {{path}} and try again.',
  'startup.crashed': 'Something in Nanotray failed while it started:\n\n{{message}}\n\nStart it again; if this repeats, run `nanotray doctor` in a terminal or report it with this text.',
  'startup.tooltip': 'Nanotray — could not start: {{message}}',
  'notifications.unsigned': 'Notifications are off: macOS shows them only for signed apps, and this build is not signed.',
  'startup.problem': 'Could not start: {{message}}',
  'notify.heartbeat': 'Nanotray heartbeat',
  'heartbeat.reason.overlap': 'the previous run is still going',
  'heartbeat.reason.outside_active_hours': 'outside active hours ({{start}}–{{end}} {{timeZone}})',
  'heartbeat.reason.no_heartbeat_file': 'HEARTBEAT.md not found',
  'heartbeat.reason.no_active_tasks': 'no active tasks in HEARTBEAT.md',
  'heartbeat.reason.budget_spent': 'daily token budget spent ({{spent}} of {{budget}} tokens)',
  'heartbeat.reason.no_provider': 'no provider configured',
  'heartbeat.reason.user_busy': 'you were mid-turn; deferred',
  'heartbeat.reason.nothing_to_report': 'nothing to report',
  'heartbeat.reason.empty_reply': 'empty reply',
  'heartbeat.reason.stopped': 'stopped: {{stopReason}}',
  'heartbeat.reason.cancelled': 'cancelled',
  'heartbeat.reason.turn_failed': 'the turn failed',
  'notify.heartbeatFailed': 'Heartbeat failed',
  'notify.cronRan': "Cron job '{{job}}'",
  'notify.cronLate': "Cron job '{{job}}' (late)",
  'notify.cronRanBody': 'The job ran.',
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
  // Why no rule covers a shell command (core/tools/shell-grammar/uncovered.ts); {{d}} is the piece it is about.
  'uncovered.parser_unavailable': 'The shell grammar could not be loaded ({{d}}), so no rule covers any command.',
  'uncovered.parse_error': 'The command does not parse as plain shell ({{d}}).',
  'uncovered.hidden_characters': 'The command contains invisible or control characters ({{d}}).',
  'uncovered.lookalike_characters': 'The program name "{{d}}" contains non-ASCII characters that can imitate another name.',
  'uncovered.line_continuation': 'The command uses a backslash-newline, which joins words differently from what is shown.',
  'uncovered.ansi_c_quoting': 'The command uses ANSI-C quoting ({{d}}), which can hide quotes and separators.',
  'uncovered.locale_quoting': 'The command uses locale quoting ($"…").',
  'uncovered.comment': 'The command contains a comment ({{d}}), which can hide what follows.',
  'uncovered.substitution': 'The command runs another command inside it ({{d}}).',
  'uncovered.heredoc': 'The command feeds inline text to a program ({{d}}).',
  'uncovered.expansion': 'The word {{d}} is expanded by the shell, so what runs is not what is shown.',
  'uncovered.dynamic_program': 'The program to run is computed ({{d}}), not written out.',
  'uncovered.compound': 'The command uses shell control structures ({{d}}).',
  'uncovered.background': 'The command starts something in the background (&).',
  'uncovered.assignment': 'The command sets {{d}}, which changes how programs behave.',
  'uncovered.shell_builtin': '"{{d}}" changes the shell itself (directory, variables, options).',
  'uncovered.eval_or_source': '"{{d}}" runs code from a string or a file.',
  'uncovered.wrapper': '"{{d}}" runs another program.',
  'uncovered.code_option': 'The option {{d}} makes the program run other code.',
  'uncovered.git_alias': '"git {{d}}" is not a built-in git command (an alias or an external git-{{d}} can run anything).',
  'uncovered.interpreter_inline': '{{d}} runs code given inline or on standard input.',
  'uncovered.redirect': 'The command redirects to {{d}}, outside the workspace.',
  'uncovered.prompt_file':
    'The command writes to {{d}}, which steers the agent (a prompt file, a skill or memory/): no rule covers that. Prompt files change through write_file or edit_file, where the change is reviewed.',
  'uncovered.git_internals': "The command names {{d}}, git's own files (its hooks and config run code): no rule covers that.",
  'uncovered.interpreter': '{{d}} is an interpreter: only a rule for this exact command covers it.',
  'uncovered.writes_file': 'The command writes to the file {{d}}: only a rule for this exact command covers it.',
  'uncovered.network': '{{d}} sends to or fetches from a place named in the command: only a rule for this exact command covers it.',
  'uncovered.subcommand':
    '{{d}} is not among the subcommands a rule for the program covers (running, testing and looking, not installing, publishing or changing settings): only a rule for this exact command covers it.',
  'uncovered.unknown_option':
    'The option {{d}} is not one a rule for this program covers (only options known to run no other code are): only a rule for this exact command covers it.',
  'uncovered.no_sandbox': 'No OS sandbox here ({{d}}): every command is asked, whatever the rules say.',
  'uncovered.no_rule': 'No rule allows {{d}} in this folder.',
  'uncovered.other_directory': 'The rule for {{d}} was given for another folder.',
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
  'startup.failed': 'Nanotray 无法启动',
  'startup.fixAndRetry': '{{message}}\n\n请修正 {{path}}，然后在托盘菜单中选择“重试”。',
  'startup.stillFailing': 'Nanotray 仍然无法启动',
  'startup.checkAndRetry': '请检查 {{path}} 后重试。',
  'startup.crashed': 'Nanotray 启动时出错：\n\n{{message}}\n\n请再次启动；如果反复出现，请在终端运行 `nanotray doctor`，或附上这段文字报告问题。',
  'startup.tooltip': 'Nanotray — 无法启动：{{message}}',
  'notifications.unsigned': '通知已关闭：macOS 只为已签名的应用显示通知，而此版本未签名。',
  'startup.problem': '无法启动：{{message}}',
  'notify.heartbeat': 'Nanotray 心跳',
  'heartbeat.reason.overlap': '上一次运行仍在进行',
  'heartbeat.reason.outside_active_hours': '不在活动时段内（{{start}}–{{end}} {{timeZone}}）',
  'heartbeat.reason.no_heartbeat_file': '未找到 HEARTBEAT.md',
  'heartbeat.reason.no_active_tasks': 'HEARTBEAT.md 中没有进行中的任务',
  'heartbeat.reason.budget_spent': '今日令牌预算已用完（已用 {{spent}}，共 {{budget}}）',
  'heartbeat.reason.no_provider': '未配置模型服务商',
  'heartbeat.reason.user_busy': '你正在对话中，已推迟',
  'heartbeat.reason.nothing_to_report': '没有需要报告的内容',
  'heartbeat.reason.empty_reply': '回复为空',
  'heartbeat.reason.stopped': '已停止：{{stopReason}}',
  'heartbeat.reason.cancelled': '已取消',
  'heartbeat.reason.turn_failed': '本轮运行失败',
  'notify.heartbeatFailed': '心跳运行失败',
  'notify.cronRan': '定时任务“{{job}}”',
  'notify.cronLate': '定时任务“{{job}}”（延迟运行）',
  'notify.cronRanBody': '任务已运行。',
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
  'uncovered.parser_unavailable': 'Shell 语法解析器无法加载（{{d}}），因此任何规则都不覆盖任何命令。',
  'uncovered.parse_error': '这条命令无法按普通 shell 解析（{{d}}）。',
  'uncovered.hidden_characters': '这条命令含有不可见字符或控制字符（{{d}}）。',
  'uncovered.lookalike_characters': '程序名“{{d}}”含有可冒充其他名字的非 ASCII 字符。',
  'uncovered.line_continuation': '这条命令使用了反斜杠换行，词的拼接方式与显示的不同。',
  'uncovered.ansi_c_quoting': '这条命令使用了 ANSI-C 引号（{{d}}），可能隐藏引号和分隔符。',
  'uncovered.locale_quoting': '这条命令使用了本地化引号（$"…"）。',
  'uncovered.comment': '这条命令含有注释（{{d}}），可能隐藏后面的内容。',
  'uncovered.substitution': '这条命令在内部运行另一条命令（{{d}}）。',
  'uncovered.heredoc': '这条命令把内联文本输入给程序（{{d}}）。',
  'uncovered.expansion': '词 {{d}} 会被 shell 展开，实际运行的与显示的不同。',
  'uncovered.dynamic_program': '要运行的程序是计算出来的（{{d}}），而不是直接写出的。',
  'uncovered.compound': '这条命令使用了 shell 控制结构（{{d}}）。',
  'uncovered.background': '这条命令在后台启动了程序（&）。',
  'uncovered.assignment': '这条命令设置了 {{d}}，会改变程序的行为。',
  'uncovered.shell_builtin': '“{{d}}”会改变 shell 本身（目录、变量、选项）。',
  'uncovered.eval_or_source': '“{{d}}”会运行字符串或文件中的代码。',
  'uncovered.wrapper': '“{{d}}”会运行另一个程序。',
  'uncovered.code_option': '选项 {{d}} 会让程序运行其他代码。',
  'uncovered.git_alias': '“git {{d}}”不是 git 内置命令（别名或外部的 git-{{d}} 可以运行任何东西）。',
  'uncovered.interpreter_inline': '{{d}} 会运行内联或来自标准输入的代码。',
  'uncovered.redirect': '这条命令重定向到工作区之外的 {{d}}。',
  'uncovered.prompt_file': '这条命令写入 {{d}}，它会影响智能体（提示文件、技能或 memory/）：任何规则都不覆盖这种情况。提示文件应通过 write_file 或 edit_file 修改，修改会经过审阅。',
  'uncovered.git_internals': '这条命令涉及 {{d}}，即 git 自己的文件（其中的钩子和配置会运行代码）：任何规则都不覆盖这种情况。',
  'uncovered.interpreter': '{{d}} 是解释器：只有针对这条完全相同命令的规则才能覆盖它。',
  'uncovered.writes_file': '这条命令写入文件 {{d}}：只有针对这条完全相同命令的规则才能覆盖它。',
  'uncovered.network': '{{d}} 会向命令中指定的地方发送或从那里获取数据：只有针对这条完全相同命令的规则才能覆盖它。',
  'uncovered.subcommand': '{{d}} 不在这个程序的规则所覆盖的子命令之内（只覆盖运行、测试和查看，不包括安装、发布或修改设置）：只有针对这条完全相同命令的规则才能覆盖它。',
  'uncovered.unknown_option': '选项 {{d}} 不在这个程序的规则所覆盖的选项之内（只覆盖已知不会运行其他代码的选项）：只有针对这条完全相同命令的规则才能覆盖它。',
  'uncovered.no_sandbox': '这里没有操作系统沙箱（{{d}}）：无论规则如何，每条命令都会询问。',
  'uncovered.no_rule': '没有规则允许在这个文件夹中运行 {{d}}。',
  'uncovered.other_directory': '{{d}} 的规则是在另一个文件夹中给出的。',
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

/**
 * How a `notify` report is worded in other languages: its title and/or body as catalogue texts. Parts without one
 * (what the agent wrote, a job's name) are the same in every language.
 */
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
