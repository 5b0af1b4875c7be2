#!/usr/bin/env node
import { processIo } from './io.js';
import { runCli } from './program.js';

// Exit through exitCode, not process.exit(), so buffered output (a token piped to another program) is flushed.
runCli(process.argv.slice(2), processIo).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
