/**
 * `npm test`: every suite, in the order a failure is cheapest to find — lint, typecheck, unit
 * tests, API tests (SQLite and PostgreSQL), the production build, then the browser tests against
 * that build. Every step runs even when an earlier one fails, so one run shows everything; the
 * exit code is non-zero when any step failed. The last line sums the test counts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const resultsDir = 'test-results';
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const steps: { name: string; command: string[]; report?: string }[] = [
  { name: 'lint', command: ['eslint', '--max-warnings=0', '.'] },
  { name: 'format', command: ['prettier', '--check', '.'] },
  { name: 'typecheck', command: ['tsc', '-b'] },
  {
    name: 'unit',
    command: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${resultsDir}/unit.json`,
    ],
    report: `${resultsDir}/unit.json`,
  },
  {
    name: 'api',
    command: [
      'vitest',
      'run',
      '--config',
      'vitest.api.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${resultsDir}/api.json`,
    ],
    report: `${resultsDir}/api.json`,
  },
  { name: 'build', command: ['vite', 'build', '--logLevel', 'warn'] },
  { name: 'e2e', command: ['playwright', 'test'], report: `${resultsDir}/e2e.json` },
];

function vitestCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwrightCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
}

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
const started = Date.now();

for (const step of steps) {
  const stepStart = Date.now();
  console.log(`\n=== npm test: ${step.name} (${step.command.join(' ')}) ===`);
  const result = spawnSync(npx, step.command, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (result.status !== 0) failedSteps.push(step.name);
  if (step.report && existsSync(step.report)) {
    const counts = step.name === 'e2e' ? playwrightCounts(step.report) : vitestCounts(step.report);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    console.log(
      `=== ${step.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds} s) ===`,
    );
  } else {
    console.log(`=== ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds} s) ===`);
  }
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\nnpm test finished in ${minutes} min.`);
if (failedSteps.length > 0) {
  console.log(`Failed steps: ${failedSteps.join(', ')}`);
  // A step that failed without a test count (lint, typecheck, build) still counts as a failure.
  total.failed = Math.max(total.failed, 1);
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
