// The ordered list of schema migrations. Append new ones here; never edit a released one.
import type { Database } from '../sqlite-driver';
import * as m0001 from './0001-init';
import * as m0002 from './0002-tool-events-cascade';

export interface Migration {
  version: number;
  up(db: Database): void;
}

export const MIGRATIONS: readonly Migration[] = [m0001, m0002];
