/**
 * Secondary adapter (pure bytes): a minimal ICC v2 display profile of sRGB (IEC 61966-2-1), written here rather than
 * shipped: PDF/A's output intent needs one, no registry package ships an sRGB profile under a licence that fits, and
 * the profile is only numbers the standard publishes. The primaries are sRGB's adapted to the D50 connection space
 * (Bradford), as in the ICC's own sRGB profiles; the tone curve is sRGB's piecewise curve sampled at 1024 points.
 * ICC.1:2001-04 (v2.1): header (clause 6.1), tag table (6.2), text, textDescription, XYZ and curve tag types.
 */
import { once } from '../../shared/once';

const D50 = [0.9642, 1.0, 0.8249] as const;
const PRIMARIES = {
  rXYZ: [0.4360747, 0.2225045, 0.0139322],
  gXYZ: [0.3850649, 0.7168786, 0.0971045],
  bXYZ: [0.1430804, 0.0606169, 0.7141733],
} as const;
const CURVE_POINTS = 1024;

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

class Bytes {
  readonly out: number[] = [];
  u8(v: number) {
    this.out.push(v & 0xff);
  }
  u16(v: number) {
    this.u8(v >> 8);
    this.u8(v);
  }
  u32(v: number) {
    this.u16(v >>> 16);
    this.u16(v & 0xffff);
  }
  s15f16(v: number) {
    this.u32(Math.round(v * 65536) >>> 0);
  }
  sig(s: string) {
    this.out.push(...ascii(s));
  }
  pad4() {
    while (this.out.length % 4) this.u8(0);
  }
}

function xyzTag(xyz: readonly number[]): number[] {
  const b = new Bytes();
  b.sig('XYZ ');
  b.u32(0);
  xyz.forEach((v) => b.s15f16(v));
  return b.out;
}

function textTag(text: string): number[] {
  const b = new Bytes();
  b.sig('text');
  b.u32(0);
  b.out.push(...ascii(text), 0);
  return b.out;
}

/** textDescriptionType: the ASCII description, an empty Unicode one and an empty 67-byte ScriptCode one. */
function descTag(text: string): number[] {
  const b = new Bytes();
  b.sig('desc');
  b.u32(0);
  b.u32(text.length + 1);
  b.out.push(...ascii(text), 0);
  b.u32(0);
  b.u32(0);
  b.u16(0);
  b.u8(0);
  b.out.push(...new Array<number>(67).fill(0));
  return b.out;
}

/** sRGB's transfer function from encoded value to linear light, as 16-bit samples. */
function curveTag(): number[] {
  const b = new Bytes();
  b.sig('curv');
  b.u32(0);
  b.u32(CURVE_POINTS);
  for (let i = 0; i < CURVE_POINTS; i++) {
    const v = i / (CURVE_POINTS - 1);
    const linear = v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    b.u16(Math.round(linear * 65535));
  }
  return b.out;
}

/** The profile's bytes, built once per process: the same every time (its date is fixed, it has no profile id). */
export const srgbIccProfile: () => Uint8Array = /* @__PURE__ */ once(function iccProfileBytes(): Uint8Array {
  const curve = curveTag();
  const tags: [string, number[]][] = [
    ['desc', descTag('sRGB IEC61966-2.1')],
    ['cprt', textTag('No copyright, use freely')],
    ['wtpt', xyzTag(D50)],
    ['rXYZ', xyzTag(PRIMARIES.rXYZ)],
    ['gXYZ', xyzTag(PRIMARIES.gXYZ)],
    ['bXYZ', xyzTag(PRIMARIES.bXYZ)],
    ['rTRC', curve],
    ['gTRC', curve],
    ['bTRC', curve],
  ];
  // The three tone curves share one copy of the data (a tag table may point several tags at one element).
  const data = new Bytes();
  const table: [string, number, number][] = [];
  const start = 128 + 4 + tags.length * 12;
  let curveAt = -1;
  for (const [sig, bytes] of tags) {
    if (bytes === curve && curveAt >= 0) {
      table.push([sig, curveAt, bytes.length]);
      continue;
    }
    const offset = start + data.out.length;
    if (bytes === curve) curveAt = offset;
    table.push([sig, offset, bytes.length]);
    data.out.push(...bytes);
    data.pad4();
  }
  const size = start + data.out.length;
  const h = new Bytes();
  h.u32(size);
  h.u32(0); // preferred CMM: none
  h.u32(0x02100000); // version 2.1
  h.sig('mntr');
  h.sig('RGB ');
  h.sig('XYZ ');
  [2026, 1, 1, 0, 0, 0].forEach((v) => h.u16(v));
  h.sig('acsp');
  h.u32(0); // platform
  h.u32(0); // flags
  h.u32(0); // device manufacturer
  h.u32(0); // device model
  h.u32(0);
  h.u32(0); // device attributes
  h.u32(0); // rendering intent: perceptual
  D50.forEach((v) => h.s15f16(v));
  h.u32(0); // creator
  while (h.out.length < 128) h.u8(0);
  h.u32(table.length);
  for (const [sig, offset, length] of table) {
    h.sig(sig);
    h.u32(offset);
    h.u32(length);
  }
  return Uint8Array.from([...h.out, ...data.out]);
});
