// Vitest setup: the build-time constants of the contract (scripts/contract-defines.ts), as globals for tests.
import { contractDefines } from '../../scripts/contract-defines';

for (const [name, json] of Object.entries(contractDefines())) (globalThis as Record<string, unknown>)[name] = JSON.parse(json);
