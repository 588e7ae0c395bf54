/** Domain (pure): the EU special schemes (OSS union and non-union, IOSS), whose returns are in euro and laid out per member state and rate. */
export const SCHEME_TYPES: ReadonlySet<string> = new Set(['OSS_UNION', 'OSS_NON_UNION', 'IOSS']);
