/**
 * Domain (pure, a leaf): the five levels a tax is levied at, from the widest to the narrowest,
 * and the arithmetic on amounts (minor units) or rates (ppm) held per level. The engine, the cart,
 * the ledger and the exposure counters all speak in these levels.
 */

/** The levels of a rate result (`<level>_rate`), from the widest to the narrowest. */
export const taxLevels = ['country', 'state', 'county', 'additional', 'special'] as const;
export type TaxLevel = (typeof taxLevels)[number];

/** Integer amounts (minor units) or integer rates (ppm) per level. */
export type LevelAmounts = Record<TaxLevel, number>;

/** An amount (or rate, or any value) per level, from a function of the level. */
export const levelAmounts = <T = number>(of: (level: TaxLevel) => T): Record<TaxLevel, T> =>
  // Spelled out (in taxLevels' order) rather than built from entries: this runs several times per quote, and a
  // literal is a fast fixed-shape object where Object.fromEntries makes a slow dictionary.
  ({ country: of('country'), state: of('state'), county: of('county'), additional: of('additional'), special: of('special') });

export const zeroLevels = (): LevelAmounts => levelAmounts(() => 0);

export const sumLevels = (levels: LevelAmounts): number => levels.country + levels.state + levels.county + levels.additional + levels.special;

/** `country_rate`, `state_rate` ...: the names of the levels in a rate result (spec 2.3). */
export type LevelRateFields = { [L in TaxLevel as `${L}_rate`]: number };

/** Each level's value under its `<level>_rate` name, converted by `convert` (ppm -> fraction). */
export const levelRateFields = (levels: LevelAmounts, convert: (value: number) => number): LevelRateFields => ({
  country_rate: convert(levels.country),
  state_rate: convert(levels.state),
  county_rate: convert(levels.county),
  additional_rate: convert(levels.additional),
  special_rate: convert(levels.special),
});

/**
 * Splits `total` minor units over the levels in proportion of `weights` (largest remainder): each level gets
 * floor(total x weight / sum); the few units left (fewer than the number of levels) go one each to the levels with
 * the largest remainders, ties to the larger weight, then to the wider level. The parts are non-negative integers
 * that add up to `total` exactly. All weights 0: everything on `fallback`.
 */
export function splitByWeights(total: number, weights: LevelAmounts, fallback: TaxLevel = 'country'): LevelAmounts {
  const result = zeroLevels();
  const whole = BigInt(sumLevels(weights));
  if (whole === 0n) {
    result[fallback] = total;
    return result;
  }
  const remainders: { level: TaxLevel; remainder: bigint; weight: number; order: number }[] = [];
  let assigned = 0;
  taxLevels.forEach((level, order) => {
    const numerator = BigInt(total) * BigInt(weights[level]);
    result[level] = Number(numerator / whole);
    assigned += result[level];
    remainders.push({ level, remainder: numerator % whole, weight: weights[level], order });
  });
  remainders.sort((a, b) => (a.remainder === b.remainder ? b.weight - a.weight || a.order - b.order : a.remainder > b.remainder ? -1 : 1));
  for (let i = 0; assigned < total; i++, assigned++) result[remainders[i].level] += 1;
  return result;
}

/** True for non-negative integer levels that add up to `total` (a precomputed line's breakdown). */
export const levelsAddUpTo = (levels: LevelAmounts, total: number): boolean =>
  taxLevels.every((l) => Number.isSafeInteger(levels[l]) && levels[l] >= 0) && sumLevels(levels) === total;

/**
 * A rate with nothing levied (an exempt customer's line, a line the seller does not collect on): the result's level
 * rates and total_rate, and the ppm levels, all zero.
 */
export const zeroRate = () => ({ resultFields: { ...levelRateFields(zeroLevels(), () => 0), total_rate: 0 }, ppm: zeroLevels(), totalPpm: 0 });
