// How long leads are kept: the privacy policy says it (app/content/legal.ts) and the server
// enforces it (INBOX_RETENTION_DAYS defaults to it). Plain JS, so the server imports it too.

/** Months a lead or contact message is kept at most after the dialogue. */
export const LEAD_RETENTION_MONTHS = 24;

/** The same in days, rounded down (24 months are at least 730 days), so nothing is kept longer. */
export const LEAD_RETENTION_DAYS = Math.floor((LEAD_RETENTION_MONTHS * 365) / 12);
