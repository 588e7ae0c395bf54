/**
 * Domain (pure): Spanish CAE (Código de Actividad y Establecimiento), the excise number of an
 * establishment, after python-stdnum `stdnum/es/cae.py`; stdnum-js has no such module. The code
 * is `ES` + `000` + the managing office (two digits) + the activity key (two characters) + three
 * digits + a letter. The offices and activity keys are those of the Agencia Tributaria's order on
 * the CAE (BOE of 28 December 2006, https://www.boe.es/boe/dias/2006/12/28/pdfs/A46098-46100.pdf).
 */
import { clean, defineValidator, isDigits, type Override } from './support';

/** Managing offices: the provinces 01-50, then Cartagena, Gijón, Jerez, Vigo, Ceuta, Melilla (51-56). */
const OFFICES = new Set(Array.from({ length: 56 }, (_, i) => String(i + 1).padStart(2, '0')));

/** Activity keys (alcohol and drinks, hydrocarbons, tobacco, electricity, and mixed warehouses). */
const ACTIVITIES = new Set(
  [
    'A0 A1 A2 A6 A7 A9 AC AT AV AW AX', // alcohol
    'B0 B1 B6 B7 B9 BA BT C1 C7 DA DB E7 EC F1 M7 OA OB OE OV V1 V7', // drinks, beer, wine
    'H0 H1 H2 H4 H6 H7 H8 H9 HA HB HC HD HE HF HH HI HJ HK HL HM HN HP HQ HR HS HT HU HV HW HX HZ OH', // hydrocarbons
    'T1 T7 TT OT', // tobacco
    'L0 L1 L2 L3 L7', // electricity
    'AF DF DM DP OR PF RF VD', // mixed warehouses, inward processing, tax representatives, distance sales
  ]
    .join(' ')
    .split(' '),
);

export const esCae: Override = {
  follows: 'es/cae',
  replaces: null,
  differs: 'not in stdnum-js',
  validator: defineValidator({
    name: 'Spanish Excise Activity and Establishment Code',
    localName: 'Código de Actividad y Establecimiento',
    abbreviation: 'CAE',
    holder: 'company',
    compact: (input) => clean(input, ' '),
    check(n) {
      if (n.length !== 13) return 'length';
      if (!n.startsWith('ES000')) return 'format';
      if (!OFFICES.has(n.slice(5, 7)) || !ACTIVITIES.has(n.slice(7, 9))) return 'format';
      if (!isDigits(n.slice(9, 12)) || !/^\p{L}$/u.test(n[12]!)) return 'format';
      return undefined;
    },
  }),
};
