/**
 * HTTP fuzz, shard 2 of 2: every route of that shard gets FUZZ_RUNS generated requests through the local server
 * (test/support/http-fuzz.ts says what is sent and checked). Two files, so that Jest's two workers fuzz side by side.
 */
import { describeFuzzShard } from '../support/http-fuzz';

describeFuzzShard(2);
