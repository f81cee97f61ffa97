// `npm test`: lint and type-check side by side, the unit tests of the contract and the web app's pure modules, API
// tests, build, then the browser tests against the built portal.
import { spawn } from 'node:child_process';

// Each stage's steps run at the same time; a step's output is printed whole when it ends, so two never interleave.
const stages = [
  [
    ['lint', ['npm', 'run', 'lint']],
    ['typecheck', ['npm', 'run', 'typecheck']],
  ],
  [['unit tests', ['npx', 'vitest', 'run', '--project', 'contract', '--project', 'web']]],
  [['api tests', ['npx', 'vitest', 'run', '--project', 'api', '--project', 'api-alone']]],
  [['build', ['npm', 'run', 'build']]],
  [['browser tests', ['npx', 'vitest', 'run', '--project', 'e2e']]],
];

function run(name, [cmd, ...args], alone) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output.length > 0) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(output).toString()}`);
      if (code === 0) console.log(`✔ ${name} (${seconds} s)`);
      else console.error(`\n✖ ${name} failed after ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'embedded PGlite';
console.log(`API tests run on ${database}.`);
for (const stage of stages) {
  const codes = await Promise.all(stage.map(([name, command]) => run(name, command, stage.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
