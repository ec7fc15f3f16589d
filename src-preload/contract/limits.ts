// Size limits for everything the renderer may send; the schemas and the dispatcher enforce them.

export const LIMITS = {
  /** A chat message or a slash command line. */
  textChars: 100_000,
  /** One image attachment as a data: URL (~6 MB of base64). */
  imageDataUrlChars: 8_000_000,
  imagesPerMessage: 4,
  /** MCP resources attached to one message. */
  resourcesPerMessage: 4,
  sessionKeyChars: 200,
  titleChars: 200,
  searchQueryChars: 500,
  /** A workspace-relative memory file path. */
  pathChars: 512,
  /** A memory file's content. */
  fileChars: 2_000_000,
  /** An opaque version token. */
  versionChars: 200,
  urlChars: 2_048,
  /** Runtime keys (`agent.model`, `max_iterations`, …) and generic names. */
  nameChars: 200,
  /** The user's note with a denial ("Deny with a note"), sent to the model. */
  approvalNoteChars: 2_000,
  /** Any other string anywhere in a payload. */
  genericStringChars: 100_000,
  /** Whole serialized payload (JSON characters). */
  payloadChars: 40_000_000,
  /** Nesting depth of a payload object. */
  payloadDepth: 12,
  /** Messages in one page of chat history (the window pages older history in at this size). */
  historyPageMax: 1_000,
  listMax: 1_000,
} as const;
