// files:* handlers: a workspace text file read for the window's viewer, through the same fence the file tools use
// but always restricted to the workspace (whatever tools.restrictToWorkspace says), capped and text only.
import { relative, sep } from 'node:path';
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { openFencedFile, type FencedFsError } from '../../fence/fenced-fs';
import { looksBinary, describeSize } from '../../tools/files/file-reading';
import { realPathLoose } from '../../fence/path-guard';
import { ipcOk } from '../ipc-values';

type FilesHandlers = Pick<InvokeHandlers, 'files:read'>;

/** The viewer shows at most this much: a file the agent wrote to read, not a data dump. */
export const VIEWER_MAX_BYTES = 1024 * 1024;

type Refusal = { status: 'refused'; code: 'not_found' | 'outside_workspace' | 'too_large' | 'binary' | 'not_a_file'; message: string };

function refusalOf(error: FencedFsError, path: string): Refusal {
  switch (error.code) {
    case 'not_found':
      return { status: 'refused', code: 'not_found', message: `${path} was not found in the workspace.` };
    case 'is_directory':
    case 'not_a_file':
    case 'not_a_folder':
      return { status: 'refused', code: 'not_a_file', message: `${path} is not a file.` };
    default:
      // refused, protected, changed (a link swapped in) and the write codes: nothing outside the workspace is shown.
      return { status: 'refused', code: 'outside_workspace', message: `${path} is outside the workspace.` };
  }
}

export function createFilesHandlers(core: Core): FilesHandlers {
  return {
    async 'files:read'({ path }) {
      const workspace = core.workspace();
      const opened = await openFencedFile(path, { workspace, restrict: true, extraRoots: [] });
      if (!opened.ok) return ipcOk(refusalOf(opened.error, path));
      const { handle, stat } = opened.value;
      try {
        if (stat.size > VIEWER_MAX_BYTES) {
          return ipcOk<Refusal>({ status: 'refused', code: 'too_large', message: `${path} is ${describeSize(stat.size)}; the viewer shows files up to ${describeSize(VIEWER_MAX_BYTES)}.` });
        }
        if (stat.size > 0 && (await looksBinary(handle))) {
          return ipcOk<Refusal>({ status: 'refused', code: 'binary', message: `${path} is not a text file.` });
        }
        // Only the bytes measured above: a file that grew since is not read past the cap.
        const buffer = Buffer.alloc(stat.size);
        const { bytesRead } = stat.size === 0 ? { bytesRead: 0 } : await handle.read(buffer, 0, stat.size, 0);
        const content = buffer.subarray(0, bytesRead).toString('utf8');
        const root = realPathLoose(workspace) ?? workspace;
        const real = realPathLoose(opened.value.abs) ?? opened.value.abs;
        return ipcOk({ status: 'read' as const, path: relative(root, real).split(sep).join('/'), content, size: stat.size });
      } finally {
        await handle.close();
      }
    },
  };
}
