// The provider's parts that need the openai SDK's code (~0.9 MB bundled), in one module that the provider and
// the connection test import() on their first request: a process that never calls a model never parses it.
export { runChatAttempt } from './chat-attempt';
export { createOpenAiClient } from './openai-client';
export { fromSdkError } from './sdk-errors';
