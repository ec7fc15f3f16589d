// Launch at login on Linux: an XDG autostart entry (~/.config/autostart/nanotray.desktop), since Electron's
// setLoginItemSettings works on macOS and Windows only.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/lib/atomic-write';

/** What the entry starts: the AppImage file, the installed binary, or (unpackaged) Electron with the app folder. */
export interface LaunchCommand {
  exec: string;
  args: string[];
}

/** `$XDG_CONFIG_HOME/autostart/nanotray.desktop` (default ~/.config). */
export function autostartFile(env: NodeJS.ProcessEnv = process.env): string {
  const config = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.config');
  return join(config, 'autostart', 'nanotray.desktop');
}

/**
 * The command to start this app again. Inside an AppImage `process.execPath` lives in a mount that is gone
 * after exit, so the AppImage file itself ($APPIMAGE) is started.
 */
export function launchCommand(options: { env: NodeJS.ProcessEnv; execPath: string; isPackaged: boolean; appPath: string }): LaunchCommand {
  if (options.env.APPIMAGE) return { exec: options.env.APPIMAGE, args: [] };
  return { exec: options.execPath, args: options.isPackaged ? [] : [options.appPath] };
}

/** One argument quoted for a desktop entry's Exec key (the spec's reserved characters escaped). */
function execArgument(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg.replace(/%/g, '%%');
  return `"${arg.replace(/[\\"`$]/g, (c) => `\\${c}`).replace(/%/g, '%%')}"`;
}

/** The entry's text (Desktop Entry Specification 1.5; the escaping is doubled once more by the string rules). */
export function autostartEntry(command: LaunchCommand): string {
  const exec = [command.exec, ...command.args].map(execArgument).join(' ').replace(/\\/g, '\\\\');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.5',
    'Name=Nanotray',
    'Comment=A personal AI agent that lives in the desktop tray',
    `Exec=${exec}`,
    'Icon=nanotray',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** True when the entry exists and is not switched off (Hidden=true or X-GNOME-Autostart-enabled=false). */
export function readAutostart(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    const text = readFileSync(file, 'utf8');
    return !/^Hidden\s*=\s*true\s*$/im.test(text) && !/^X-GNOME-Autostart-enabled\s*=\s*false\s*$/im.test(text);
  } catch {
    return false;
  }
}

/** Writes (enabled) or removes (disabled) the entry. */
export function writeAutostart(file: string, enabled: boolean, command: LaunchCommand): void {
  if (!enabled) {
    rmSync(file, { force: true });
    return;
  }
  writeFileAtomic(file, autostartEntry(command), 0o644);
}
