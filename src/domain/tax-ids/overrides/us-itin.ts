/**
 * Domain (pure): US ITIN (Individual Taxpayer Identification Number), after python-stdnum
 * `stdnum/us/itin.py`; stdnum-js has no such module. Nine digits (`9XX-XX-XXXX`, dashes only
 * where an SSN has them) starting with 9, the fourth and fifth digits 70-99 but 89 and 93.
 */
import { clean, defineValidator, type Override } from './support';

const GROUPS = new Set(Array.from({ length: 30 }, (_, i) => String(70 + i)).filter((g) => g !== '89' && g !== '93'));

export const usItin: Override = {
  follows: 'us/itin',
  replaces: null,
  differs: 'not in stdnum-js',
  validator: defineValidator({
    name: 'U.S. Individual Taxpayer Identification Number',
    localName: 'Individual Taxpayer Identification Number',
    abbreviation: 'ITIN',
    holder: 'individual',
    compact: (input) => clean(input, '-'),
    // Dashes are allowed only where an SSN has them, so the check sees them.
    prepare: (input) => clean(input, ''),
    check(n) {
      const m = /^([0-9]{3})-?([0-9]{2})-?[0-9]{4}$/.exec(n);
      if (!m) return 'format';
      if (m[1]![0] !== '9' || !GROUPS.has(m[2]!)) return 'component';
      return { compact: n.replace(/-/g, '') };
    },
    format: (n) => (n.length === 9 ? `${n.slice(0, 3)}-${n.slice(3, 5)}-${n.slice(5)}` : n),
  }),
};
