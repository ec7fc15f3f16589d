// Process entry of the CLI bundle (built by scripts/build-cli.mjs): runs `nanotray <args>`.
import { main } from './main';

void main();
