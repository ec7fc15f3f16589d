// Entry of the Electron main process: turns on Node's module compile cache, then loads the app (index.ts, the
// composition root) with import(), so the app's code is compiled after the cache is on and read from it on later starts.
import nodeModule from 'node:module';

// `module.enableCompileCache` exists from Node 22.1 (Electron 45's Node has it); @types/node 20 does not declare it.
const enableCompileCache: unknown = Reflect.get(nodeModule, 'enableCompileCache');
if (typeof enableCompileCache === 'function') enableCompileCache.call(nodeModule);

// A failure to load the app (a broken install, a module that throws at load) must not leave an invisible process
// holding the single-instance lock: say so and exit.
import('./index').catch(async (err: unknown) => (await import('./shell/fatal-start')).reportFatalStart(err));
