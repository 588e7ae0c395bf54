/**
 * Primary adapter (presentation): the certificate request page (docs/notices.md), plain HTML with labels for every
 * field, no script, no CDN, no framework. The form posts back to the same URL (its token included) as
 * multipart/form-data; a refusal is a short page saying why.
 */
import { jurisdictionCode } from '../../domain/geography/jurisdiction-code';
import { exemptionReasons, type Jurisdiction } from '../../domain/exemptions/certificate';

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin-top:1rem;font-weight:600}input,select{font:inherit;padding:.3rem;width:100%;box-sizing:border-box}
.hint{font-weight:400;color:#555;font-size:.9rem}button{margin-top:1.5rem;font:inherit;padding:.5rem 1.5rem}
.error{border:2px solid #b00;padding:.5rem 1rem;color:#700}`;

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

/** The security headers of every page: nothing loads from elsewhere, no framing, the token is not sent on as a referrer. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

export interface FormValues {
  jurisdictions?: string;
  reason?: string;
  certificate_number?: string;
  effective_from?: string;
  expires_on?: string;
}

export function certificateFormPage(options: {
  action: string;
  message: string | null;
  expiresAt: string;
  jurisdictions: Jurisdiction[];
  values?: FormValues;
  error?: string;
}): string {
  const v = options.values ?? {};
  const suggested = options.jurisdictions.map(jurisdictionCode).join(', ');
  const reasons = exemptionReasons
    .map((r) => `<option value="${r}"${v.reason === r ? ' selected' : ''}>${r.charAt(0) + r.slice(1).toLowerCase()}</option>`)
    .join('');
  const field = (name: keyof FormValues, label: string, type: string, hint: string, required: boolean, fallback = '') =>
    `<label for="${name}">${escape(label)}${hint ? ` <span class="hint" id="${name}-hint">${escape(hint)}</span>` : ''}</label>` +
    `<input id="${name}" name="${name}" type="${type}"${required ? ' required' : ''}${hint ? ` aria-describedby="${name}-hint"` : ''} value="${escape(v[name] ?? fallback)}">`;
  return page(
    'Upload your exemption certificate',
    `<h1>Upload your exemption certificate</h1>` +
      (options.message ? `<p>${escape(options.message)}</p>` : '') +
      `<p>This link works once, until ${escape(options.expiresAt.slice(0, 10))} (UTC).</p>` +
      (options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : '') +
      `<form method="post" action="${escape(options.action)}" enctype="multipart/form-data">` +
      field('jurisdictions', 'Jurisdictions', 'text', 'Countries or country-state codes, separated by commas, e.g. US-TX, US-CA', true, suggested) +
      `<label for="reason">Reason for exemption</label><select id="reason" name="reason" required>${reasons}</select>` +
      field('certificate_number', 'Certificate number', 'text', '', true) +
      field('effective_from', 'Valid from', 'date', '', true) +
      field('expires_on', 'Expires on', 'date', 'The first day it no longer applies; leave empty if it has no end', false) +
      `<label for="document">Certificate file <span class="hint" id="document-hint">PDF, PNG or JPEG, at most 4 MiB</span></label>` +
      `<input id="document" name="document" type="file" accept="application/pdf,image/png,image/jpeg" required aria-describedby="document-hint">` +
      `<button type="submit">Send certificate</button></form>`,
  );
}

export const thanksPage = (certificateNumber: string): string =>
  page(
    'Certificate received',
    `<h1>Certificate received</h1><p role="status">Thank you: certificate ${escape(certificateNumber)} was received. You can close this page.</p>`,
  );

export const refusalPage = (message: string): string => page('Link not usable', `<h1>This link cannot be used</h1><p role="alert">${escape(message)}</p>`);
