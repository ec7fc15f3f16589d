// Types i18next's `t()` against the English catalogue: an unknown key or a missing interpolation value
// does not compile.
import 'i18next';
import type { en } from './en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
  }
}
