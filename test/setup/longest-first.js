/**
 * Test setup (jest.config.js testSequencer): the longest files start first, so that the two workers end together.
 * Jest does this itself from the durations of the last run it keeps in its cache; with no cache (a clean checkout, CI)
 * it orders by file size, and then the small files that run longest (the fuzz shards, test/infra/stack.test.ts, which
 * only import their suites) would start last and hold one worker for a minute while the other idles. So a file Jest
 * has no duration for takes its duration from MEASURED (seconds on a quiet 2-core machine, docs/testing.md), any
 * other file a second per 10 KB of its size (Jest's own order among them); a duration of the last run, when there is
 * one, is still the one used.
 */
const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');

/** A fuzz shard's seconds: 40 at npm test's 300 requests per route, about 440 at CI's 10,000 (FUZZ_RUNS). */
const fuzzShardSeconds = Math.max(40, (440 * Number(process.env.FUZZ_RUNS ?? 300)) / 10_000);

const MEASURED = {
  'test/http/fuzz-1.test.ts': fuzzShardSeconds,
  'test/http/fuzz-2.test.ts': fuzzShardSeconds,
  'test/infra/stack.test.ts': 45,
  'test/http/local-tools.test.ts': 44,
  'test/integration/slow-database.test.ts': 25,
  'test/integration/nexus.test.ts': 21,
  'test/integration/exposure-property.test.ts': 20,
  'test/integration/returns-counters.test.ts': 19,
  'test/infra/bundle.test.ts': 18,
  'test/http/start-signal.test.ts': 18,
  'test/integration/sam-events.test.ts': 16,
  'test/http/key-lifecycle.test.ts': 15,
  'test/integration/einvoices.test.ts': 13,
  'test/integration/tax-rate.test.ts': 18,
  'test/infra/bundling-progress.test.ts': 7,
};

class LongestFirst extends Sequencer {
  time(test) {
    const measured = MEASURED[path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/')];
    // In milliseconds, as Jest keeps them: in seconds, two fuzz shards of "40 ms" looked fast to Jest, which runs up
    // to 20 fast files in band, so `npm run test:fuzz` on a clean checkout ran its shards one after the other.
    const seconds = measured ?? (test.context.hasteFS.getSize(test.path) ?? 0) / 10_000;
    return super.time(test) ?? seconds * 1000;
  }
}

module.exports = LongestFirst;
