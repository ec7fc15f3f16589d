// The shell's logger: the core logger (secrets scrubbed), scoped `shell`.
import { createLogger } from '../core/lib/logger';

export const shellLog = createLogger('shell');
