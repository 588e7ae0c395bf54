/**
 * Domain (pure): the events no request causes, only the calendar: a certificate expiring in 30 days or
 * expired, a registration coming into force or ending. A daily run asks `dueEvents` for each record and writes each
 * answer once: its id is deterministic in (type, record id, the record's date), so a second run that day, or the next
 * day's, writes nothing again. Dates that passed more than CATCH_UP_DAYS ago are left alone, so a first run (or a run
 * after an outage longer than that) does not report years of history as news.
 */
import { addDays } from '../dates';
import { deterministicEventId, type EventType } from './event';

/** Certificates expiring within this many days get exemption.expiring (Stripe-like 30-day notice). */
export const EXPIRING_NOTICE_DAYS = 30;
/** A missed daily run is caught up for this many days. */
export const CATCH_UP_DAYS = 7;

export interface DueEvent {
  id: string;
  type: EventType;
  /** The record as the event carries it. */
  object: Record<string, unknown>;
}


const due = (type: EventType, object: { id: string }, day: string): DueEvent => ({ id: deterministicEventId(type, object.id, day), type, object: { ...object } });

/** A certificate's calendar events on `today` (UTC day): revoked ones have none. */
export function exemptionDueEvents(c: { id: string; expires_on: string | null; revoked_at: string | null }, today: string): DueEvent[] {
  if (c.revoked_at !== null || c.expires_on === null) return [];
  const out: DueEvent[] = [];
  // Expired from its expires_on day on (src/domain/exemptions/certificate.ts exemptionStatus).
  if (c.expires_on <= today && c.expires_on > addDays(today, -CATCH_UP_DAYS)) out.push(due('exemption.expired', c, c.expires_on));
  if (c.expires_on > today && c.expires_on <= addDays(today, EXPIRING_NOTICE_DAYS)) out.push(due('exemption.expiring', c, c.expires_on));
  return out;
}

/** A registration's calendar events on `today`: in force from active_from, ended from expires_at (exclusive end). */
export function registrationDueEvents(r: { id: string; active_from: string; expires_at?: string }, today: string): DueEvent[] {
  const out: DueEvent[] = [];
  const recent = (day: string) => day <= today && day > addDays(today, -CATCH_UP_DAYS);
  if (recent(r.active_from) && (r.expires_at === undefined || r.expires_at > today)) out.push(due('registration.activated', r, r.active_from));
  if (r.expires_at !== undefined && recent(r.expires_at)) out.push(due('registration.expired', r, r.expires_at));
  return out;
}

/** The window of expires_on dates a run must read: from CATCH_UP_DAYS ago to EXPIRING_NOTICE_DAYS ahead. */
export const exemptionDateWindow = (today: string) => ({ from: addDays(today, -CATCH_UP_DAYS + 1), to: addDays(today, EXPIRING_NOTICE_DAYS) });
export const registrationDateWindow = (today: string) => ({ from: addDays(today, -CATCH_UP_DAYS + 1), to: today });
