/** Unit: which certificate exempts a sale (jurisdiction, dates, revocation, overlap) and the exact exempt split. */
import { applicableExemption, coversJurisdiction, splitByExemptPercentage } from '../../../src/domain/exemptions/applicable';
import { createExemptionSchema, exemptionStatus, isExpiring, type StoredExemption } from '../../../src/domain/exemptions/certificate';

const certificate = (over: Partial<StoredExemption> = {}): StoredExemption => ({
  id: 'exm_a',
  customer_id: 'cus_1',
  reason: 'RESALE',
  jurisdictions: [
    { country: 'US', state: 'TX' },
    { country: 'US', state: 'CA' },
  ],
  certificate_number: 'R-1',
  effective_from: '2026-01-01',
  expires_on: null,
  exempt_percentage: 100,
  document: null,
  revoked_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('applicableExemption', () => {
  it('a resale certificate for TX and CA exempts a TX sale and not a NY sale', () => {
    const resale = certificate();
    expect(applicableExemption([resale], { country: 'US', state: 'TX' }, '2026-03-01')).toBe(resale);
    expect(applicableExemption([resale], { country: 'US', state: 'CA' }, '2026-03-01')).toBe(resale);
    expect(applicableExemption([resale], { country: 'US', state: 'NY' }, '2026-03-01')).toBeUndefined();
    // A state certificate never covers a sale located only by country.
    expect(applicableExemption([resale], { country: 'US' }, '2026-03-01')).toBeUndefined();
  });

  it('a country-level certificate covers each of its states, and a VAT country sale', () => {
    const federal = certificate({ jurisdictions: [{ country: 'US' }] });
    expect(coversJurisdiction(federal, { country: 'US', state: 'NY' })).toBe(true);
    expect(coversJurisdiction(federal, { country: 'CA', state: 'ON' })).toBe(false);
    const german = certificate({ jurisdictions: [{ country: 'DE' }] });
    expect(applicableExemption([german], { country: 'DE' }, '2026-03-01')).toBe(german);
  });

  it('a certificate that expired yesterday does not exempt today; it exempts up to the day before expires_on', () => {
    const expired = certificate({ expires_on: '2026-06-15' });
    const texas = { country: 'US', state: 'TX' };
    expect(applicableExemption([expired], texas, '2026-06-14')).toBe(expired);
    expect(applicableExemption([expired], texas, '2026-06-15')).toBeUndefined(); // expires_on: first day without
    expect(applicableExemption([expired], texas, '2026-06-16')).toBeUndefined();
    expect(exemptionStatus(expired, '2026-06-16')).toBe('expired');
  });

  it('does not exempt before effective_from (pending), and a revoked one never exempts', () => {
    const future = certificate({ effective_from: '2026-07-01' });
    expect(exemptionStatus(future, '2026-06-30')).toBe('pending');
    expect(applicableExemption([future], { country: 'US', state: 'TX' }, '2026-06-30')).toBeUndefined();
    expect(applicableExemption([future], { country: 'US', state: 'TX' }, '2026-07-01')).toBe(future);
    const revoked = certificate({ revoked_at: '2026-02-01T10:00:00.000Z' });
    for (const date of ['2025-12-31', '2026-01-15', '2026-03-01', '2030-01-01']) {
      expect(applicableExemption([revoked], { country: 'US', state: 'TX' }, date)).toBeUndefined();
    }
  });

  it('of two overlapping certificates the larger share wins, whatever their order; a tie goes to the earlier one', () => {
    const half = certificate({ id: 'exm_b', exempt_percentage: 50 });
    const full = certificate({ id: 'exm_c', exempt_percentage: 100, effective_from: '2026-02-01' });
    const texas = { country: 'US', state: 'TX' };
    expect(applicableExemption([half, full], texas, '2026-03-01')).toBe(full);
    expect(applicableExemption([full, half], texas, '2026-03-01')).toBe(full);
    // Before the larger one starts, the smaller one applies.
    expect(applicableExemption([full, half], texas, '2026-01-15')).toBe(half);
    const older = certificate({ id: 'exm_z', exempt_percentage: 50, effective_from: '2025-01-01' });
    expect(applicableExemption([half, older], texas, '2026-03-01')).toBe(older);
    expect(applicableExemption([older, half], texas, '2026-03-01')).toBe(older);
  });
});

describe('splitByExemptPercentage', () => {
  it('50 % halves exactly: the taxable share is rounded half up, the exempt share is the rest', () => {
    expect(splitByExemptPercentage(1000, 50)).toEqual({ taxable: 500, exempt: 500 });
    expect(splitByExemptPercentage(1001, 50)).toEqual({ taxable: 501, exempt: 500 });
    expect(splitByExemptPercentage(1001, 100)).toEqual({ taxable: 0, exempt: 1001 });
    expect(splitByExemptPercentage(1001, 1)).toEqual({ taxable: 991, exempt: 10 }); // 990.99 -> 991
    expect(splitByExemptPercentage(0, 50)).toEqual({ taxable: 0, exempt: 0 });
  });

  it('the shares always add up to the amount, for large amounts too', () => {
    for (const amount of [1, 7, 99, 12_345, 999_999_999_999, 9_007_199_254_740_991]) {
      for (const pct of [1, 33, 50, 67, 99, 100]) {
        const { taxable, exempt } = splitByExemptPercentage(amount, pct);
        expect(taxable + exempt).toBe(amount);
        expect(Number.isInteger(taxable) && taxable >= 0 && exempt >= 0).toBe(true);
      }
    }
    expect(() => splitByExemptPercentage(1.5, 50)).toThrow(RangeError);
    expect(() => splitByExemptPercentage(100, 101)).toThrow(RangeError);
  });
});

describe('certificate schema and the expiring window', () => {
  it('refuses a jurisdiction Levy does not know, naming it', () => {
    const base = { reason: 'RESALE', certificate_number: 'X', effective_from: '2026-01-01' };
    const unknownState = createExemptionSchema.safeParse({ ...base, jurisdictions: [{ country: 'US', state: 'ZZ' }] });
    expect(unknownState.success).toBe(false);
    expect(JSON.stringify(unknownState.error?.issues)).toContain("'ZZ'");
    const noRules = createExemptionSchema.safeParse({ ...base, jurisdictions: [{ country: 'AQ' }] });
    expect(noRules.success).toBe(false);
    const ok = createExemptionSchema.parse({ ...base, jurisdictions: [{ country: 'us', state: 'tx' }] });
    expect(ok).toMatchObject({ jurisdictions: [{ country: 'US', state: 'TX' }], exempt_percentage: 100 });
  });

  it('expiring: active and lapsing within the window', () => {
    const c = certificate({ expires_on: '2026-04-01' });
    expect(isExpiring(c, '2026-03-02', 30)).toBe(true); // 30 days to go
    expect(isExpiring(c, '2026-03-01', 30)).toBe(false); // 31 days to go
    expect(isExpiring(c, '2026-04-01', 30)).toBe(false); // expired
    expect(isExpiring(certificate(), '2026-03-01', 30)).toBe(false); // no end
  });
});
