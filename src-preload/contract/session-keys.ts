// Session keys the hosts agree on by name. No imports: the window's bundle, the shell and the core share it.

/** The session the quick-ask popup talks in (the main window can continue it). */
export const QUICK_ASK_SESSION = 'quick:default';
