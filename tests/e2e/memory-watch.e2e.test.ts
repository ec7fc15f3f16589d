// The memory watcher with the browser host's background services on, in real Chromium: after Nanotray saved a file
// (an atomic rename), edits other programs make to it — written in place or saved by renaming, as editors do — still
// show in the open editor and are kept as external versions in its history.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';

describe('memory files edited outside Nanotray', () => {
  let app: E2eApp;
  const user = () => join(app.home.workspace, 'USER.md');

  beforeAll(async () => {
    app = await startE2eApp({ startBackground: true, prepareHome: (home) => writeFileSync(join(home.workspace, 'USER.md'), '# User\n\n- Name: Ana\n') });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps noticing outside edits after Nanotray saved the file itself', async () => {
    await app.page.getByRole('button', { name: 'Memory', exact: true }).click();
    await app.page.getByRole('button', { name: 'USER.md', exact: true }).click();
    const editor = app.page.getByLabel('Text of USER.md');
    await editor.waitFor();
    await editor.click();
    await editor.press('Control+End');
    await editor.pressSequentially('- Lives in Porto\n');
    await editor.press('Control+s');
    await app.page.getByText('Saved', { exact: true }).waitFor();

    writeFileSync(user(), '# User\n\n- Name: Ana\n- Lives in Porto\n- Edited in vim\n');
    await expect.poll(() => editor.inputValue(), { timeout: 10_000 }).toContain('- Edited in vim');

    // an editor that saves by renaming a temp file over it, twice
    for (const line of ['- Saved by renaming', '- And renamed again']) {
      const temp = join(app.home.workspace, `.USER.md.${line.length}.tmp`);
      writeFileSync(temp, `# User\n\n- Name: Ana\n${line}\n`);
      renameSync(temp, user());
      await expect.poll(() => editor.inputValue(), { timeout: 10_000 }).toContain(line);
    }
    const versions = app.core.memory.versions('USER.md');
    expect(versions.ok && versions.value.filter((v) => v.author === 'external').length).toBeGreaterThanOrEqual(3);
    expect(app.pageErrors).toEqual([]);
  });
});
