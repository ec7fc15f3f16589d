// The ordered list of schema migrations. Append new ones here; never edit a released one.
import type { Database } from '../sqlite-driver';
import * as m0001 from './0001-init';
import * as m0002 from './0002-tool-events-cascade';
import * as m0003 from './0003-host-approval-rules';
import * as m0004 from './0004-exec-rule-cwd';
import * as m0005 from './0005-memory-pending';
import * as m0006 from './0006-scheduler-lease';
import * as m0007 from './0007-token-counts';
import * as m0008 from './0008-scheduler-state';
import * as m0009 from './0009-memory-authors';
import * as m0010 from './0010-cron-run-states';
import * as m0011 from './0011-egress-log';
import * as m0012 from './0012-mcp-tool-rules';
import * as m0013 from './0013-message-versions';

export interface Migration {
  version: number;
  up(db: Database): void;
}

export const MIGRATIONS: readonly Migration[] = [m0001, m0002, m0003, m0004, m0005, m0006, m0007, m0008, m0009, m0010, m0011, m0012, m0013];
