// Groups workspace markdown paths into the sections the memory tree shows.
import type { MemoryFile } from '@contract/schemas';
import type { TFunction } from 'i18next';

export interface TreeGroup {
  /** `Workspace`, `Memory`, `Skills` (shown translated, see groupLabel) or another folder's own name. */
  label: string;
  files: MemoryFile[];
}

const BOOTSTRAP_ORDER = ['AGENTS.md', 'SOUL.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md'];

function groupOf(path: string): string {
  if (!path.includes('/')) return 'Workspace';
  if (path.startsWith('memory/')) return 'Memory';
  if (path.startsWith('skills/')) return 'Skills';
  return path.slice(0, path.indexOf('/'));
}

/** Bootstrap files first in their well-known order, then memory/, skills/, then other folders. */
export function buildTree(files: readonly MemoryFile[]): TreeGroup[] {
  const groups = new Map<string, MemoryFile[]>();
  for (const f of files) {
    const g = groupOf(f.path);
    groups.set(g, [...(groups.get(g) ?? []), f]);
  }
  const rank = (p: string) => {
    const i = BOOTSTRAP_ORDER.indexOf(p);
    return i === -1 ? BOOTSTRAP_ORDER.length : i;
  };
  const order = ['Workspace', 'Memory', 'Skills'];
  return [...groups.entries()]
    .sort(([a], [b]) => {
      const ia = order.indexOf(a);
      const ib = order.indexOf(b);
      return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib) || a.localeCompare(b);
    })
    .map(([label, list]) => ({
      label,
      files: [...list].sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path)),
    }));
}

/** A group's heading: the three well-known groups in the window's language, other folders by their name. */
export function groupLabel(label: string, t: TFunction): string {
  if (label === 'Workspace') return t('memory.tree.groupWorkspace');
  if (label === 'Memory') return t('memory.tree.groupMemory');
  if (label === 'Skills') return t('memory.tree.groupSkills');
  return label;
}

/** What the tree shows for a path inside its group. */
export function displayName(path: string): string {
  if (path.startsWith('skills/')) return path.slice('skills/'.length);
  if (path.startsWith('memory/')) return path.slice('memory/'.length);
  return path;
}
