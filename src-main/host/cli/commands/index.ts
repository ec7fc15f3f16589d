// Every `nanotray` subcommand, in the order `--help` lists them. Add new commands here.
import type { CliCommand } from '../cli-command';

export const COMMANDS: CliCommand[] = [];
