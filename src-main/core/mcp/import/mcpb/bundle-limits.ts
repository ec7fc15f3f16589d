// How large a .mcpb bundle may be: apart from the zip reader, so the windows and the CLI can say it without loading it.
export const BUNDLE_LIMITS = {
  /** The .mcpb file itself. */
  fileBytes: 256 * 1024 * 1024,
  /** Everything unpacked. */
  totalBytes: 1024 * 1024 * 1024,
  entries: 20_000,
  manifestBytes: 1024 * 1024,
};
