// Running things with bounds: a script's `main` under an overall time limit with one way to exit
// (`runMain`), and child processes with a time limit whose output is collected (`runCommand`).

import { spawn } from 'node:child_process';
import { root } from './package.mjs';

/**
 * Runs a script's `fn(argv)` (the arguments after the script's name) under an overall limit of
 * `minutes`, then exits: with the code `fn` resolves to (0 when it resolves to nothing), with 1
 * and the stack when it throws, and with 1 when time runs out.
 */
export function runMain(name, minutes, fn) {
  const overall = setTimeout(() => {
    console.error(`${name}: overall time limit (${minutes} min) reached`);
    process.exit(1);
  }, minutes * 60 * 1000);
  overall.unref();
  Promise.resolve()
    .then(() => fn(process.argv.slice(2)))
    .then(
      (code) => process.exit(typeof code === 'number' ? code : 0),
      (error) => {
        console.error(error && error.stack ? error.stack : error);
        process.exit(1);
      },
    );
}

/**
 * Runs a command with a time limit; resolves to { code, stdout, stderr } (code null if killed).
 * `onLine(line)` sees stdout's lines as they come.
 */
export function runCommand(cmd, args, { timeoutMs = 120000, cwd = root, env = process.env, echo = false, input, onLine } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { cwd, env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      if (echo) process.stdout.write(d);
      if (onLine !== undefined) {
        pending += d;
        const lines = pending.split('\n');
        pending = lines.pop();
        for (const line of lines) onLine(line);
      }
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      if (echo) process.stderr.write(d);
    });
    if (input !== undefined) child.stdin.end(input);
    const timer = setTimeout(() => {
      stderr += `\n${cmd} timed out after ${timeoutMs} ms`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (e) => {
      stderr += String(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
}
