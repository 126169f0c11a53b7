import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as searchBench from './search-bench.ts';
import { mirrorOnProfile, timeWarmStart } from './staff-start-bench.ts';

/**
 * Is a change to the staff start-up faster? Two builds side by side in one run: this checkout
 * (B) against another checkout of the project (A, for example `git worktree add ../baseline
 * main`, with its node_modules and its build). Each gets its own seeded server (its own dist/,
 * 10,000 hardware products), its own profile on disk and the same first sync; then their warm
 * starts alternate, A B, B A, A B…, each measured as `npm run bench` measures one
 * (timeWarmStart: browser relaunched, 4× CPU, navigation start → first card).
 *
 * Why not compare two runs of the staff-start bench: on this 2-core machine the same build's
 * warm start moves by ±20 % from one run to the next (2.4–3.6 s seen in one hour), more than most
 * changes to the start path are worth. Alternating puts both builds under the same moments of
 * the machine, and the median of the per-pair ratios B/A says which is faster.
 *
 *   node --experimental-strip-types tests/bench/staff-start-compare.ts ../baseline [--pairs 10]
 *
 * The other checkout must have tests/bench/search-bench.ts with startSeededServer (2026-11-27 on).
 */
interface Arm {
  userDataDir: string;
  url: string;
  products: number;
  dispose(): Promise<void>;
  times: number[];
}

/** What this script needs of a checkout's search bench (the baseline's is imported by path). */
type SearchBench = Pick<typeof searchBench, 'startSeededServer' | 'signInAndMirror'>;

/** The middle value (the mean of the two middle ones for an even count), unrounded. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function prepare(name: 'A' | 'B', bench: SearchBench): Promise<Arm> {
  const seeded = await bench.startSeededServer(10_000, () => undefined, false);
  const userDataDir = mkdtempSync(path.join(tmpdir(), `staff-start-${name}-`));
  const dispose = async () => {
    await seeded.server.dispose();
    rmSync(userDataDir, { recursive: true, force: true });
  };
  try {
    await mirrorOnProfile(userDataDir, seeded, bench.signInAndMirror, () => undefined);
  } catch (error) {
    // The server is a child process: left running, it would outlive this script.
    await dispose();
    throw error;
  }
  return {
    userDataDir,
    url: seeded.server.url,
    products: seeded.products.length,
    times: [],
    dispose,
  };
}

export async function compareStaffStart(baselineDir: string, pairs: number): Promise<void> {
  const here = realpathSync(path.resolve(import.meta.dirname, '../..'));
  const there = realpathSync(path.resolve(baselineDir));
  if (there === here) throw new Error('the baseline must be another checkout, not this one');
  const baselineBench = path.join(there, 'tests/bench/search-bench.ts');
  if (!existsSync(baselineBench)) throw new Error(`${baselineBench} not found`);
  const baseline = (await import(pathToFileURL(baselineBench).href)) as SearchBench;

  const a = await prepare('A', baseline);
  let b: Arm | undefined;
  try {
    b = await prepare('B', searchBench);
    console.log(`Staff start, A = ${there}, B = ${here}: ${pairs} pairs, alternating`);
    const ratios: number[] = [];
    for (let pair = 0; pair < pairs; pair += 1) {
      for (const arm of pair % 2 === 0 ? [a, b] : [b, a]) {
        const { firstPageAt } = await timeWarmStart(arm.userDataDir, arm.url, arm.products);
        arm.times.push(Math.round(firstPageAt));
      }
      const [timeA, timeB] = [a.times[pair] ?? 0, b.times[pair] ?? 0];
      ratios.push(timeB / timeA);
      console.log(
        `  pair ${pair + 1}: A ${timeA} ms, B ${timeB} ms (B/A ${(timeB / timeA).toFixed(2)})`,
      );
    }
    const fasterB = ratios.filter((ratio) => ratio < 1).length;
    console.log(`  A median ${median(a.times)} ms, B median ${median(b.times)} ms`);
    console.log(
      `  B/A: median of the pairs' ratios ${median(ratios).toFixed(3)};` +
        ` B faster in ${fasterB} of ${pairs} pairs`,
    );
  } finally {
    await b?.dispose();
    await a.dispose();
  }
}

if (import.meta.main) {
  const baselineDir = process.argv[2];
  if (!baselineDir || baselineDir.startsWith('--')) {
    console.error('usage: staff-start-compare.ts <other checkout> [--pairs N]');
    process.exit(2);
  }
  const pairsAt = process.argv.indexOf('--pairs');
  const pairs = pairsAt > 0 ? Number(process.argv[pairsAt + 1]) : 10;
  if (!Number.isInteger(pairs) || pairs < 1) {
    console.error(
      `--pairs must be a whole number of at least 1, not '${process.argv[pairsAt + 1]}'`,
    );
    process.exit(2);
  }
  await compareStaffStart(baselineDir, pairs);
}
