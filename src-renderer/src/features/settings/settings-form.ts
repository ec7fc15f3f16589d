// The settings form as plain data: build a draft from the stored settings, validate every field
// (messages shown next to the field), and turn the draft into one patch — all or nothing.
import { currentLocale, t as translate } from '../../i18n/i18n';
import { CONFIG_BOUNDS, HHMM, isIntIn, type Bounds } from '@contract/config-bounds';
import type { SettingsPatch, SettingsView } from '@contract/schemas';

export interface ProviderDraft {
  id: string;
  /** The name it is stored under ('' for a new one until named). */
  original: string | null;
  name: string;
  baseUrl: string;
  /** A newly typed key ('' = keep the stored one). */
  apiKey: string;
  removeKey: boolean;
  maskedKey: string;
  hasKey: boolean;
  /** The stored key cannot be decrypted (the keychain changed): it must be typed again. */
  keyNeedsReentry?: boolean;
}

export interface PresetDraft {
  id: string;
  original: string | null;
  name: string;
  provider: string;
  model: string;
  contextWindowTokens: string;
}

export interface SettingsDraft {
  providers: ProviderDraft[];
  agentProvider: string;
  agentModel: string;
  vision: boolean;
  presets: PresetDraft[];
  approvalMode: 'ask' | 'auto' | 'readonly';
  allowSet: boolean;
  restrictToWorkspace: boolean;
  /** tools.exec.sandbox: the OS sandbox where it works, always (refuse without it), or never. */
  execSandbox: 'auto' | 'on' | 'off';
  /** tools.exec.network: per host (ask), any host (on) or none (off). */
  execNetwork: SettingsView['tools']['exec']['network'];
  heartbeatEnable: boolean;
  heartbeatInterval: string;
  heartbeatBudget: string;
  activeStart: string;
  activeEnd: string;
  shortcut: string;
  launchAtLogin: boolean;
  theme: 'system' | 'light' | 'dark';
  language: 'system' | 'en' | 'zh';
}

export type FieldErrors = Record<string, string>;

let idSeq = 0;
export const draftId = (prefix: string) => `${prefix}${++idSeq}`;

export function draftFromSettings(c: SettingsView): SettingsDraft {
  return {
    providers: Object.entries(c.providers).map(([name, p]) => ({
      id: draftId('p'),
      original: name,
      name,
      baseUrl: p.baseUrl ?? '',
      apiKey: '',
      removeKey: false,
      maskedKey: p.apiKey,
      hasKey: p.hasApiKey,
      keyNeedsReentry: p.keyNeedsReentry === true,
    })),
    agentProvider: c.agent.provider,
    agentModel: c.agent.model,
    vision: c.agent.vision,
    presets: Object.entries(c.modelPresets).map(([name, p]) => ({
      id: draftId('m'),
      original: name,
      name,
      provider: p.provider ?? '',
      model: p.model,
      contextWindowTokens: p.contextWindowTokens ? String(p.contextWindowTokens) : '',
    })),
    approvalMode: c.tools.approval.mode,
    allowSet: c.tools.my.allowSet,
    restrictToWorkspace: c.tools.restrictToWorkspace,
    execSandbox: c.tools.exec.sandbox,
    execNetwork: c.tools.exec.network,
    heartbeatEnable: c.heartbeat.enable,
    heartbeatInterval: String(c.heartbeat.intervalMinutes),
    heartbeatBudget: String(c.heartbeat.dailyTokenBudget),
    activeStart: c.heartbeat.activeHours?.start ?? '',
    activeEnd: c.heartbeat.activeHours?.end ?? '',
    shortcut: c.ui.quickAskShortcut,
    launchAtLogin: c.ui.launchAtLogin,
    theme: c.ui.theme,
    language: c.ui.language,
  };
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
const MODIFIERS = new Set(['command', 'cmd', 'control', 'ctrl', 'commandorcontrol', 'cmdorctrl', 'alt', 'option', 'altgr', 'shift', 'super', 'meta']);
const NAMED_KEYS = /^(f([1-9]|1\d|2[0-4])|space|tab|capslock|numlock|scrolllock|backspace|delete|insert|return|enter|up|down|left|right|home|end|pageup|pagedown|escape|esc|volumeup|volumedown|volumemute|medianexttrack|mediaprevioustrack|mediastop|mediaplaypause|printscreen|plus|num[0-9]|numdec|numadd|numsub|nummult|numdiv)$/i;

/** Electron accelerator check: modifiers joined by `+`, then one key; at least one modifier. */
export function shortcutError(value: string): string | null {
  const parts = value.split('+').map((p) => p.trim());
  if (!value.trim()) return translate('settings.errors.shortcutEmpty');
  if (parts.some((p) => !p)) return translate('settings.errors.shortcutJoin');
  const key = parts[parts.length - 1]!;
  const mods = parts.slice(0, -1);
  const bad = mods.find((m) => !MODIFIERS.has(m.toLowerCase()));
  if (bad) return translate('settings.errors.shortcutNotModifier', { part: bad });
  if (mods.length === 0) return translate('settings.errors.shortcutModifier');
  if (!(key.length === 1 || NAMED_KEYS.test(key))) return translate('settings.errors.shortcutKey', { key });
  return null;
}

/** An http(s) URL (what a provider's base URL must be). */
export function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A whole number typed in a field, inside the config's bounds for it. */
function intIn(text: string, bounds: Bounds): boolean {
  return /^\d+$/.test(text.trim()) && isIntIn(Number(text), bounds);
}

/** `4,096`: how a bound reads in a message. */
const num = (n: number): string => n.toLocaleString(currentLocale());

export function validateDraft(d: SettingsDraft): FieldErrors {
  const errors: FieldErrors = {};
  const providerNames = new Set<string>();
  for (const p of d.providers) {
    if (!NAME.test(p.name)) errors[`provider.${p.id}.name`] = translate('settings.errors.name');
    else if (providerNames.has(p.name)) errors[`provider.${p.id}.name`] = translate('settings.errors.providerTaken', { name: p.name });
    providerNames.add(p.name);
    if (p.baseUrl.trim() && !isHttpUrl(p.baseUrl.trim())) errors[`provider.${p.id}.baseUrl`] = translate('settings.errors.url');
  }
  if (!d.agentModel.trim()) errors.agentModel = translate('settings.errors.modelEmpty');
  if (d.providers.length > 0 && !providerNames.has(d.agentProvider)) errors.agentProvider = translate('settings.errors.pickProvider');
  const presetNames = new Set<string>();
  for (const m of d.presets) {
    if (!NAME.test(m.name)) errors[`preset.${m.id}.name`] = translate('settings.errors.name');
    else if (m.name === 'default') errors[`preset.${m.id}.name`] = translate('settings.errors.presetDefault');
    else if (presetNames.has(m.name)) errors[`preset.${m.id}.name`] = translate('settings.errors.presetTaken', { name: m.name });
    presetNames.add(m.name);
    if (!m.model.trim()) errors[`preset.${m.id}.model`] = translate('settings.errors.presetModel');
    if (m.provider && !providerNames.has(m.provider)) errors[`preset.${m.id}.provider`] = translate('settings.errors.pickProvider');
    const window = CONFIG_BOUNDS.contextWindowTokens;
    if (m.contextWindowTokens.trim() && !intIn(m.contextWindowTokens, window)) {
      errors[`preset.${m.id}.contextWindowTokens`] = translate('settings.errors.wholeNumber', { min: num(window.min), max: num(window.max) });
    }
  }
  const interval = CONFIG_BOUNDS.heartbeatIntervalMinutes;
  if (!intIn(d.heartbeatInterval, interval)) errors.heartbeatInterval = translate('settings.errors.interval', { min: num(interval.min), max: num(interval.max) });
  if (!intIn(d.heartbeatBudget, CONFIG_BOUNDS.heartbeatDailyTokenBudget)) errors.heartbeatBudget = translate('settings.errors.budget');
  const start = d.activeStart.trim();
  const end = d.activeEnd.trim();
  if (start || end) {
    if (!HHMM.test(start)) errors.activeStart = translate('settings.errors.time', { example: '08:00' });
    if (!HHMM.test(end)) errors.activeEnd = translate('settings.errors.time', { example: '22:00' });
  }
  const sc = shortcutError(d.shortcut);
  if (sc) errors.shortcut = sc;
  return errors;
}

/** Only what changed, as one patch the core applies whole or not at all. */
export function buildPatch(c: SettingsView, d: SettingsDraft): SettingsPatch {
  const patch: SettingsPatch = {};
  const providers: NonNullable<SettingsPatch['providers']> = {};
  const kept = new Set(d.providers.map((p) => p.original).filter((n): n is string => n !== null));
  for (const name of Object.keys(c.providers)) if (!kept.has(name)) providers[name] = null;
  for (const p of d.providers) {
    const renamed = p.original !== null && p.original !== p.name;
    if (p.original === null || renamed) {
      if (renamed) providers[p.original!] = null;
      providers[p.name] = { baseUrl: p.baseUrl.trim() || null, apiKey: p.removeKey ? null : p.apiKey };
      continue;
    }
    const before = c.providers[p.name];
    const change: NonNullable<NonNullable<SettingsPatch['providers']>[string]> = {};
    if ((before?.baseUrl ?? '') !== p.baseUrl.trim()) change.baseUrl = p.baseUrl.trim() || null;
    if (p.removeKey) change.apiKey = null;
    else if (p.apiKey) change.apiKey = p.apiKey;
    if (Object.keys(change).length) providers[p.name] = change;
  }
  if (Object.keys(providers).length) patch.providers = providers;

  const agent: NonNullable<SettingsPatch['agent']> = {};
  if (d.agentProvider !== c.agent.provider) agent.provider = d.agentProvider;
  if (d.agentModel.trim() !== c.agent.model) agent.model = d.agentModel.trim();
  if (d.vision !== c.agent.vision) agent.vision = d.vision;
  if (Object.keys(agent).length) patch.agent = agent;

  const presets: NonNullable<SettingsPatch['modelPresets']> = {};
  const keptPresets = new Set(d.presets.map((m) => m.original).filter((n): n is string => n !== null));
  for (const name of Object.keys(c.modelPresets)) if (!keptPresets.has(name)) presets[name] = null;
  for (const m of d.presets) {
    const before = m.original ? c.modelPresets[m.original] : undefined;
    const next = {
      ...(before ? { maxTokens: before.maxTokens, temperature: before.temperature, vision: before.vision } : {}),
      ...(m.provider ? { provider: m.provider } : {}),
      model: m.model.trim(),
      ...(m.contextWindowTokens.trim() ? { contextWindowTokens: Number(m.contextWindowTokens) } : {}),
    };
    const clean = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as typeof next;
    if (m.original !== null && m.original !== m.name) presets[m.original] = null;
    const same =
      before &&
      m.original === m.name &&
      (before.provider ?? '') === m.provider &&
      before.model === m.model.trim() &&
      String(before.contextWindowTokens ?? '') === m.contextWindowTokens.trim();
    if (!same) presets[m.name] = clean;
  }
  if (Object.keys(presets).length) patch.modelPresets = presets;

  const tools: NonNullable<SettingsPatch['tools']> = {};
  if (d.allowSet !== c.tools.my.allowSet) tools.my = { allowSet: d.allowSet };
  if (d.restrictToWorkspace !== c.tools.restrictToWorkspace) tools.restrictToWorkspace = d.restrictToWorkspace;
  if (d.approvalMode !== c.tools.approval.mode) tools.approval = { mode: d.approvalMode };
  const exec: NonNullable<NonNullable<SettingsPatch['tools']>['exec']> = {};
  if (d.execSandbox !== c.tools.exec.sandbox) exec.sandbox = d.execSandbox;
  if (d.execNetwork !== c.tools.exec.network) exec.network = d.execNetwork;
  if (Object.keys(exec).length) tools.exec = exec;
  if (Object.keys(tools).length) patch.tools = tools;

  const hb: NonNullable<SettingsPatch['heartbeat']> = {};
  if (d.heartbeatEnable !== c.heartbeat.enable) hb.enable = d.heartbeatEnable;
  if (Number(d.heartbeatInterval) !== c.heartbeat.intervalMinutes) hb.intervalMinutes = Number(d.heartbeatInterval);
  if (Number(d.heartbeatBudget) !== c.heartbeat.dailyTokenBudget) hb.dailyTokenBudget = Number(d.heartbeatBudget);
  const start = d.activeStart.trim();
  const end = d.activeEnd.trim();
  const hoursBefore = c.heartbeat.activeHours;
  if (!start && !end) {
    if (hoursBefore) hb.activeHours = null;
  } else if (hoursBefore?.start !== start || hoursBefore?.end !== end) hb.activeHours = { start, end };
  if (Object.keys(hb).length) patch.heartbeat = hb;

  const ui: NonNullable<SettingsPatch['ui']> = {};
  if (d.shortcut.trim() !== c.ui.quickAskShortcut) ui.quickAskShortcut = d.shortcut.trim();
  if (d.launchAtLogin !== c.ui.launchAtLogin) ui.launchAtLogin = d.launchAtLogin;
  if (d.theme !== c.ui.theme) ui.theme = d.theme;
  if (d.language !== c.ui.language) ui.language = d.language;
  if (Object.keys(ui).length) patch.ui = ui;
  return patch;
}

export function isEmptyPatch(p: SettingsPatch): boolean {
  return Object.keys(p).length === 0;
}

/** The form field a core validation path (`heartbeat.intervalMinutes`, `providers.x.baseUrl`) belongs to. */
export function fieldForPath(path: string, d: SettingsDraft): string | null {
  const fixed: Record<string, string> = {
    'agent.model': 'agentModel',
    'agent.provider': 'agentProvider',
    'heartbeat.intervalMinutes': 'heartbeatInterval',
    'heartbeat.dailyTokenBudget': 'heartbeatBudget',
    'heartbeat.activeHours.start': 'activeStart',
    'heartbeat.activeHours.end': 'activeEnd',
    'ui.quickAskShortcut': 'shortcut',
  };
  if (fixed[path]) return fixed[path];
  const [section, name, field] = path.split('.');
  if (section === 'providers' && name) {
    const p = d.providers.find((x) => x.name === name);
    if (p) return `provider.${p.id}.${field === 'baseUrl' ? 'baseUrl' : 'name'}`;
  }
  if (section === 'modelPresets' && name) {
    const m = d.presets.find((x) => x.name === name);
    if (m) return `preset.${m.id}.${field === 'contextWindowTokens' || field === 'model' || field === 'provider' ? field : 'name'}`;
  }
  return null;
}
