// Seatbelt's rules for the code-running files of the workspace (code-running-paths.ts): no write, at any depth,
// existing or not, in any letter case (macOS file systems are case-insensitive by default).
import { CODE_RUNNING_NAMES } from '../../fence/code-running-paths';

/** `text` as a regex matching it literally in any letter case (`.git` → `\.[gG][iI][tT]`). */
function anyCase(text: string): string {
  return [...text]
    .map((ch) => {
      if (/[a-z]/i.test(ch)) return `[${ch.toLowerCase()}${ch.toUpperCase()}]`;
      return /[\\^$.|?*+()[\]{}]/.test(ch) ? `\\${ch}` : ch;
    })
    .join('');
}

/** The regexes (POSIX ERE, as SBPL reads them) of every code-running path under `root`. */
export function codeRunningRegexes(root: string): string[] {
  const under = `^${root.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&')}/(.*/)?`;
  const names = [...CODE_RUNNING_NAMES].map(anyCase).join('|');
  const git = anyCase('.git');
  const gitEntries = ['hooks', 'config', 'config.worktree', 'modules'].map(anyCase).join('|');
  const site = `(${anyCase('site-packages')}|${anyCase('dist-packages')})`;
  return [
    `${under}(${names})(/.*)?$`,
    // the .git entry itself (a new repository, or a .git file naming another folder's config), and what git runs in it
    `${under}${git}$`,
    `${under}${git}/(${gitEntries})(/.*)?$`,
    `${under}${git}/.*/${anyCase('config.worktree')}$`,
    `${under}${site}/([^/]*${anyCase('.pth')}|${anyCase('sitecustomize.py')}|${anyCase('usercustomize.py')})$`,
  ];
}
