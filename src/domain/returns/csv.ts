/**
 * Domain (pure): a return as CSV (GET /v1/returns/{id}/csv; docs/returns.md "CSV"). For the EU schemes (OSS, IOSS) the
 * rows follow the quarterly OSS return: per member state of consumption and rate, the rate type, the rate, the taxable
 * amount (exclusive of VAT) and the VAT ("for each Member State of consumption in which VAT is due, the total value,
 * exclusive of VAT ... and the total amount per rate of the corresponding VAT. The applicable rates ... and the total
 * VAT due": Directive 2006/112/EC Art. 369g(1)), then the corrections of earlier periods per member state, year, period
 * and the +/- VAT (Implementing Regulation (EU) 282/2011 Art. 61). Other returns: one row per jurisdiction line with
 * every figure, and one row per reason of its exempt sales. Rates are in percent, as the forms write them. Amounts are decimal in the return's currency (the form's entry), from integer minor units.
 */
import { isExactPeriod } from '../filing/periods';
import { decimal } from '../money/minor-units';
import { percentOf } from '../einvoice/format';
import { SCHEME_TYPES } from './schemes';
import type { ReturnFigures, ReturnLine, TaxReturn } from './return';

const cell = (value: string | number | undefined): string => {
  const text = value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const row = (values: readonly (string | number | undefined)[]): string => values.map(cell).join(',');

/** A quarter or month label of a period (2026-Q3, 2026-07), else start..end. */
export function periodLabel(start: string, end: string): string {
  if (isExactPeriod('MONTHLY', { start, end })) return start.slice(0, 7);
  if (isExactPeriod('QUARTERLY', { start, end })) return `${start.slice(0, 4)}-Q${(Number(start.slice(5, 7)) + 2) / 3}`;
  return `${start}..${end}`;
}

/** What the OSS return declares for a line: the taxable amount net of refunds, and the VAT due (net of refunds, adjusted). */
const ossTaxable = (f: ReturnFigures) => f.taxable_sales - f.refunded_taxable_sales;

function ossCsv(r: TaxReturn): string {
  const lines = [row(['section', 'member_state_of_consumption', 'rate_type', 'vat_rate', 'taxable_amount', 'vat_amount', 'period', 'currency'])];
  const vatLines = r.lines.filter((l) => l.rate_type !== 'exempt');
  for (const l of vatLines)
    lines.push(
      row([
        'supply',
        l.country,
        l.rate_type,
        ratePercent(l.rate),
        decimal(ossTaxable(l), r.currency),
        decimal(l.net_tax_due, r.currency),
        periodLabel(r.period_start, r.period_end),
        r.currency,
      ]),
    );
  for (const c of r.corrections) {
    const byState = new Map<string, number>();
    for (const l of c.lines) byState.set(l.country, (byState.get(l.country) ?? 0) + l.net_tax_due);
    for (const [state, vat] of [...byState].sort())
      lines.push(row(['correction', state, '', '', '', decimal(vat, r.currency), periodLabel(c.period_start, c.period_end), r.currency]));
  }
  lines.push(row(['total', '', '', '', '', decimal(r.totals.net_tax_due, r.currency), periodLabel(r.period_start, r.period_end), r.currency]));
  return `${lines.join('\r\n')}\r\n`;
}

const FIGURES = ['gross_sales', 'exempt_sales', 'taxable_sales', 'tax_charged', 'refunded_sales', 'refunds', 'adjustments', 'net_tax_due'] as const;

/** A rate as the form's percent column writes it (0.055 -> 5.5), from the fraction the answers give: as the e-invoices and the PDF write it. */
const ratePercent = (rate: number | undefined): string | undefined => (rate === undefined ? undefined : percentOf(rate));

/**
 * One row per jurisdiction line with every figure, then one `exempt` row per reason of its exempt sales (a return form
 * asks for each deduction on its own line: sales for resale, to the government ...), the amount under exempt_sales.
 */
function jurisdictionCsv(r: TaxReturn): string {
  const figures = (f: ReturnFigures) => FIGURES.map((k) => decimal(f[k], r.currency));
  const reasonRows = (section: string, period: string, f: ReturnFigures, l?: ReturnLine) =>
    Object.entries(f.exempt_sales_by_reason)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([reason, amount]) =>
        row([
          section,
          l?.jurisdiction ?? '',
          l?.level ?? '',
          l?.name,
          ratePercent(l?.rate),
          period,
          reason,
          ...FIGURES.map((k) => (k === 'exempt_sales' ? decimal(amount, r.currency) : '')),
          r.currency,
        ]),
      );
  const lineRows = (section: string, period: string, l: ReturnLine) => [
    row([section, l.jurisdiction, l.level, l.name, ratePercent(l.rate), period, '', ...figures(l), r.currency]),
    ...reasonRows(`${section}_exempt`, period, l, l),
  ];
  const label = periodLabel(r.period_start, r.period_end);
  const lines = [row(['section', 'jurisdiction', 'level', 'name', 'rate', 'period', 'exempt_reason', ...FIGURES, 'currency'])];
  for (const l of r.lines) lines.push(...lineRows('period', label, l));
  for (const c of r.corrections) for (const l of c.lines) lines.push(...lineRows('correction', periodLabel(c.period_start, c.period_end), l));
  lines.push(row(['total', '', '', '', '', label, '', ...figures(r.totals), r.currency]), ...reasonRows('total_exempt', label, r.totals));
  return `${lines.join('\r\n')}\r\n`;
}

export function returnCsv(r: TaxReturn): string {
  return SCHEME_TYPES.has(r.registration_type) ? ossCsv(r) : jurisdictionCsv(r);
}
