/**
 * Composition: the stdnum country modules, each a dynamic import (one chunk per country in a function's bundle), so
 * the id-validate route's cold start parses none of them and a request loads only its own country's (about 2 KB
 * each, where the whole index is about 200 KB: docs/benchmarks.md). `stdnum/lib/cjs/<cc>` is the CommonJS build under
 * the tests and, through lib/bundling.ts's alias, the ES build in a bundle. Every folder the tax-ID catalogue uses is
 * here (test/unit/tax/stdnum-modules.test.ts).
 */
import type { StdnumModule, StdnumModules } from '../domain/tax-ids/validation';
import type { StdnumModuleLoader } from '../ports/tax-id-modules';

type Import = () => Promise<object>;

export const STDNUM_FOLDERS: Readonly<Record<string, Import>> = {
  AI: () => import('stdnum/lib/cjs/ai'),
  AL: () => import('stdnum/lib/cjs/al'),
  AO: () => import('stdnum/lib/cjs/ao'),
  AR: () => import('stdnum/lib/cjs/ar'),
  AT: () => import('stdnum/lib/cjs/at'),
  AU: () => import('stdnum/lib/cjs/au'),
  AZ: () => import('stdnum/lib/cjs/az'),
  BA: () => import('stdnum/lib/cjs/ba'),
  BE: () => import('stdnum/lib/cjs/be'),
  BG: () => import('stdnum/lib/cjs/bg'),
  BO: () => import('stdnum/lib/cjs/bo'),
  BR: () => import('stdnum/lib/cjs/br'),
  BZ: () => import('stdnum/lib/cjs/bz'),
  CA: () => import('stdnum/lib/cjs/ca'),
  CH: () => import('stdnum/lib/cjs/ch'),
  CL: () => import('stdnum/lib/cjs/cl'),
  CN: () => import('stdnum/lib/cjs/cn'),
  CO: () => import('stdnum/lib/cjs/co'),
  CR: () => import('stdnum/lib/cjs/cr'),
  CU: () => import('stdnum/lib/cjs/cu'),
  CY: () => import('stdnum/lib/cjs/cy'),
  CZ: () => import('stdnum/lib/cjs/cz'),
  DE: () => import('stdnum/lib/cjs/de'),
  DK: () => import('stdnum/lib/cjs/dk'),
  DO: () => import('stdnum/lib/cjs/do'),
  DZ: () => import('stdnum/lib/cjs/dz'),
  EC: () => import('stdnum/lib/cjs/ec'),
  EE: () => import('stdnum/lib/cjs/ee'),
  EG: () => import('stdnum/lib/cjs/eg'),
  ES: () => import('stdnum/lib/cjs/es'),
  FI: () => import('stdnum/lib/cjs/fi'),
  FR: () => import('stdnum/lib/cjs/fr'),
  GB: () => import('stdnum/lib/cjs/gb'),
  GEN: () => import('stdnum/lib/cjs/gen'),
  GH: () => import('stdnum/lib/cjs/gh'),
  GN: () => import('stdnum/lib/cjs/gn'),
  GR: () => import('stdnum/lib/cjs/gr'),
  GT: () => import('stdnum/lib/cjs/gt'),
  HK: () => import('stdnum/lib/cjs/hk'),
  HR: () => import('stdnum/lib/cjs/hr'),
  HU: () => import('stdnum/lib/cjs/hu'),
  IE: () => import('stdnum/lib/cjs/ie'),
  IL: () => import('stdnum/lib/cjs/il'),
  IN: () => import('stdnum/lib/cjs/in'),
  IS: () => import('stdnum/lib/cjs/is'),
  IT: () => import('stdnum/lib/cjs/it'),
  JP: () => import('stdnum/lib/cjs/jp'),
  KE: () => import('stdnum/lib/cjs/ke'),
  LI: () => import('stdnum/lib/cjs/li'),
  LK: () => import('stdnum/lib/cjs/lk'),
  LT: () => import('stdnum/lib/cjs/lt'),
  LU: () => import('stdnum/lib/cjs/lu'),
  LV: () => import('stdnum/lib/cjs/lv'),
  MA: () => import('stdnum/lib/cjs/ma'),
  MC: () => import('stdnum/lib/cjs/mc'),
  MD: () => import('stdnum/lib/cjs/md'),
  ME: () => import('stdnum/lib/cjs/me'),
  MK: () => import('stdnum/lib/cjs/mk'),
  MT: () => import('stdnum/lib/cjs/mt'),
  MU: () => import('stdnum/lib/cjs/mu'),
  MX: () => import('stdnum/lib/cjs/mx'),
  MY: () => import('stdnum/lib/cjs/my'),
  MZ: () => import('stdnum/lib/cjs/mz'),
  NL: () => import('stdnum/lib/cjs/nl'),
  NO: () => import('stdnum/lib/cjs/no'),
  NZ: () => import('stdnum/lib/cjs/nz'),
  PE: () => import('stdnum/lib/cjs/pe'),
  PK: () => import('stdnum/lib/cjs/pk'),
  PL: () => import('stdnum/lib/cjs/pl'),
  PT: () => import('stdnum/lib/cjs/pt'),
  PY: () => import('stdnum/lib/cjs/py'),
  RO: () => import('stdnum/lib/cjs/ro'),
  RS: () => import('stdnum/lib/cjs/rs'),
  RU: () => import('stdnum/lib/cjs/ru'),
  SE: () => import('stdnum/lib/cjs/se'),
  SG: () => import('stdnum/lib/cjs/sg'),
  SI: () => import('stdnum/lib/cjs/si'),
  SK: () => import('stdnum/lib/cjs/sk'),
  SM: () => import('stdnum/lib/cjs/sm'),
  TH: () => import('stdnum/lib/cjs/th'),
  TN: () => import('stdnum/lib/cjs/tn'),
  TR: () => import('stdnum/lib/cjs/tr'),
  TW: () => import('stdnum/lib/cjs/tw'),
  UA: () => import('stdnum/lib/cjs/ua'),
  US: () => import('stdnum/lib/cjs/us'),
  UY: () => import('stdnum/lib/cjs/uy'),
  VE: () => import('stdnum/lib/cjs/ve'),
  VN: () => import('stdnum/lib/cjs/vn'),
  ZA: () => import('stdnum/lib/cjs/za'),
};

const loaded = new Map<string, StdnumModule>();
const lookup: StdnumModules = (code) => loaded.get(code);

export const stdnumModules: StdnumModuleLoader = {
  async load(folders) {
    await Promise.all(
      folders
        .filter((code) => !loaded.has(code) && STDNUM_FOLDERS[code])
        .map(async (code) => loaded.set(code, (await STDNUM_FOLDERS[code]!()) as StdnumModule)),
    );
    return lookup;
  },
};
