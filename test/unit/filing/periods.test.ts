/** Unit: filing-period arithmetic and due dates (docs/tax-calendar.md). */
import { businessDayCalendarFor, filingDefaultsData, filingScheduleFor } from '../../../src/domain/filing/defaults';
import { dueOn, nextBusinessDay } from '../../../src/domain/filing/due-dates';
import { isExactPeriod, nominalDueDate, periodContaining, periodsOverlapping } from '../../../src/domain/filing/periods';

describe('filing periods', () => {
  it('finds the period of each frequency containing a day', () => {
    expect(periodContaining('MONTHLY', '2028-02-15')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(periodContaining('QUARTERLY', '2026-05-31')).toEqual({ start: '2026-04-01', end: '2026-06-30' });
    expect(periodContaining('SEMIANNUAL', '2026-07-01')).toEqual({ start: '2026-07-01', end: '2026-12-31' });
    expect(periodContaining('ANNUAL', '2026-12-31')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    // New York's quarters (anchor March): December-February spans the year end and a leap February.
    expect(periodContaining('QUARTERLY', '2028-01-10', 3)).toEqual({ start: '2027-12-01', end: '2028-02-29' });
    expect(periodContaining('QUARTERLY', '2026-03-01', 3)).toEqual({ start: '2026-03-01', end: '2026-05-31' });
    expect(periodContaining('ANNUAL', '2027-02-28', 3)).toEqual({ start: '2026-03-01', end: '2027-02-28' });
  });

  it('tells whether {start, end} is exactly one period', () => {
    expect(isExactPeriod('QUARTERLY', { start: '2026-01-01', end: '2026-03-31' })).toBe(true);
    expect(isExactPeriod('QUARTERLY', { start: '2026-01-01', end: '2026-03-30' })).toBe(false);
    expect(isExactPeriod('QUARTERLY', { start: '2026-02-01', end: '2026-04-30' })).toBe(false);
    expect(isExactPeriod('QUARTERLY', { start: '2026-02-01', end: '2026-04-30' }, 2)).toBe(true);
    expect(isExactPeriod('MONTHLY', { start: '2026-01-01', end: '2026-03-31' })).toBe(false);
    expect(isExactPeriod('MONTHLY', { start: '2027-02-01', end: '2027-02-28' })).toBe(true);
    expect(isExactPeriod('SEMIANNUAL', { start: '2026-01-01', end: '2026-06-30' })).toBe(true);
  });

  it('lists the periods overlapping a range, in order', () => {
    expect(periodsOverlapping('QUARTERLY', { from: '2026-03-31', to: '2026-07-01' }).map((p) => p.start)).toEqual(['2026-01-01', '2026-04-01', '2026-07-01']);
    expect(periodsOverlapping('MONTHLY', { from: '2026-12-15', to: '2027-01-01' }).map((p) => p.end)).toEqual(['2026-12-31', '2027-01-31']);
    expect(periodsOverlapping('ANNUAL', { from: '2026-05-01', to: '2026-04-01' })).toEqual([]);
  });
});

describe('due dates', () => {
  it('clamps the rule day to the month end (Feb 28/29, the 31st) and adds plus_days', () => {
    // A day-31 rule in a 30-day month, in February of a common and of a leap year.
    expect(nominalDueDate({ start: '2026-03-01', end: '2026-03-31' }, { months_after: 1, day: 31 })).toBe('2026-04-30');
    expect(nominalDueDate({ start: '2027-01-01', end: '2027-01-31' }, { months_after: 1, day: 30 })).toBe('2027-02-28');
    expect(nominalDueDate({ start: '2028-01-01', end: '2028-01-31' }, { months_after: 1, day: 'last' })).toBe('2028-02-29');
    // UK: 1 calendar month and 7 days after 31 March is 7 May; after 30 June, 7 August (gov.uk/vat-returns/deadlines).
    expect(nominalDueDate({ start: '2026-01-01', end: '2026-03-31' }, { months_after: 1, day: 'last', plus_days: 7 })).toBe('2026-05-07');
    expect(nominalDueDate({ start: '2026-04-01', end: '2026-06-30' }, { months_after: 1, day: 'last', plus_days: 7 })).toBe('2026-08-07');
    // Across the year end.
    expect(nominalDueDate({ start: '2026-10-01', end: '2026-12-31' }, { months_after: 1, day: 20 })).toBe('2027-01-20');
  });

  it('moves a US due date off weekends and federal holidays, and leaves the EU OSS date where it falls', () => {
    const texas = businessDayCalendarFor({ type: 'SALES_TAX', country: 'US', state: 'TX' });
    // Tex. Tax Code 151.403: the 20th; 2026-06-20 is a Saturday -> Monday 2026-06-22 (Tax Code 111.053).
    expect(dueOn({ start: '2026-05-01', end: '2026-05-31' }, { months_after: 1, day: 20 }, texas)).toBe('2026-06-22');
    // 2027-01-20 is a Wednesday: unmoved.
    expect(dueOn({ start: '2026-10-01', end: '2026-12-31' }, { months_after: 1, day: 20 }, texas)).toBe('2027-01-20');
    // 2025-01-20 is a Monday and Martin Luther King Jr. Day (OPM 2025) -> Tuesday 2025-01-21.
    expect(dueOn({ start: '2024-10-01', end: '2024-12-31' }, { months_after: 1, day: 20 }, texas)).toBe('2025-01-21');
    // Saturday 2027-12-25 is observed Friday 2027-12-24, and 2027-12-25/26 are a weekend: from Fri 24th to Mon 27th.
    expect(nextBusinessDay('2027-12-24', texas)).toBe('2027-12-27');
    // EU OSS (Directive 2006/112/EC Art. 369f): Q2 2028 is due Monday 31 July; Q1 2026 Thursday 30 April;
    // Q3 2027's 31 October 2027 is a Sunday and stays the due date (no weekend rule).
    const oss = businessDayCalendarFor({ type: 'OSS_UNION', country: 'DE' });
    expect(dueOn({ start: '2027-07-01', end: '2027-09-30' }, { months_after: 1, day: 'last' }, oss)).toBe('2027-10-31');
    // Germany's domestic VAT (§ 18 UStG, § 108(3) AO): 10 May 2026 is a Sunday -> Monday 11 May.
    const germany = businessDayCalendarFor({ type: 'VAT', country: 'DE' });
    expect(dueOn({ start: '2026-04-01', end: '2026-04-30' }, { months_after: 1, day: 10 }, germany)).toBe('2026-05-11');
    // 10 January 2027 is a Sunday -> Monday 11 January.
    expect(dueOn({ start: '2026-10-01', end: '2026-12-31' }, { months_after: 1, day: 10 }, germany)).toBe('2027-01-11');
    // Karfreitag 3 April 2026, the weekend, Ostermontag 6 April (bmi.bund.de nationwide holidays) -> Tuesday 7 April.
    expect(nextBusinessDay('2026-04-03', germany)).toBe('2026-04-07');
    // The UK does not move its date (gov.uk/vat-returns/deadlines): Q2 2028's 7 August 2028 is a Monday, Q3 2027's 7 November 2027 a Sunday.
    const uk = businessDayCalendarFor({ type: 'VAT', country: 'GB' });
    expect(dueOn({ start: '2027-07-01', end: '2027-09-30' }, { months_after: 1, day: 'last', plus_days: 7 }, uk)).toBe('2027-11-07');
  });
});

describe('filing defaults', () => {
  it('gives every registration a schedule from the most specific row', () => {
    expect(filingScheduleFor({ type: 'OSS_UNION', country: 'IE' })).toEqual({
      frequency: 'QUARTERLY',
      period_anchor_month: 1,
      due_day_rule: { months_after: 1, day: 'last' },
    });
    expect(filingScheduleFor({ type: 'SALES_TAX', country: 'US', state: 'NY' })).toMatchObject({ frequency: 'QUARTERLY', period_anchor_month: 3 });
    // A state without a row falls back to the SSUTA floor (the 20th of the following month).
    expect(filingScheduleFor({ type: 'SALES_TAX', country: 'US', state: 'KS' }).due_day_rule).toEqual({ months_after: 1, day: 20 });
    // Washington's rule depends on the frequency (RCW 82.32.045: monthly the 25th).
    expect(filingScheduleFor({ type: 'SALES_TAX', country: 'US', state: 'WA' }, { frequency: 'MONTHLY' })).toEqual({
      frequency: 'MONTHLY',
      period_anchor_month: 1,
      due_day_rule: { months_after: 1, day: 25 },
    });
    expect(filingScheduleFor({ type: 'GST', country: 'AU' }).frequency).toBe('QUARTERLY');
  });

  it('keeps every row and every holiday list sourced', () => {
    const { rows, holidays } = filingDefaultsData();
    for (const row of rows) expect(row.source?.length ?? 0).toBeGreaterThan(20);
    for (const calendar of holidays.calendars) {
      expect(calendar.source?.length ?? 0).toBeGreaterThan(20);
      for (let year = holidays.first_year; year <= holidays.last_year; year++)
        expect(calendar.holidays.some((h) => h.date.startsWith(String(year)))).toBe(true);
    }
  });
});
