// The Active-Tasks parser: every case of the spec, plus comments, subheadings and empty items.
import { describe, expect, it } from 'vitest';
import { hasActiveTasks, parseActiveTasks } from '../../../src-main/core/scheduler/heartbeat-tasks';

describe('parseActiveTasks', () => {
  const cases: [string, string, boolean][] = [
    ['empty file', '', false],
    ['title and empty section', '# Title\n\n## Active Tasks\n', false],
    ['a multi-line comment only', '## Active Tasks\n\n<!--\n- not a task\n- neither\n-->\n', false],
    ['one task', '## Active Tasks\n\n- water the plants\n', true],
    ['task under a ### subheading', '## Active Tasks\n\n### Garden\n\n- water the plants\n', true],
    ['another H2 section', '## Notes\n\nsome note\n', false],
    ['stray text before the section', 'stray text\n## Active Tasks\n\n- task\n', true],
    ['stray text only', 'stray text\n', false],
    ['one-line comment in the section', '## Active Tasks\n<!-- add tasks below -->\n\n', false],
    ['case-insensitive heading with suffix', '## active tasks (checked every 30 min)\n- ping\n', true],
    ['section ended by the next H2', '## Active Tasks\n\n## Done\n- old task\n', false],
    ['section ended by an H1', '## Active Tasks\n# Other\n- x\n', false],
    ['empty list items and checkboxes', '## Active Tasks\n-\n- [ ]\n*\n', false],
    ['an H3 named Active Tasks does not open a section', '### Active Tasks\n- x\n', false],
  ];
  for (const [name, markdown, runs] of cases) {
    it(`${name} → ${runs ? 'run' : 'skip'}`, () => {
      expect(hasActiveTasks(markdown)).toBe(runs);
    });
  }

  it('returns the counted lines, without comments and headings', () => {
    const md = '# H\nintro\n## Active Tasks\n<!-- hint -->\n- water the plants <!-- daily -->\n### Garden\n- weed\n\n## Log\n- done\n';
    expect(parseActiveTasks(md)).toEqual(['- water the plants', '- weed']);
  });

  it('treats a missing file as skip', () => {
    expect(hasActiveTasks(undefined)).toBe(false);
  });

  it('the bundled template skips', () => {
    const template =
      '# Heartbeat\n\nThe agent reads this file every 30 minutes.\n\n## Active Tasks\n\n<!-- Add one task per line, e.g.\n- Check the weather and warn me about rain\n-->\n\n## Completed\n\n';
    expect(hasActiveTasks(template)).toBe(false);
  });
});
