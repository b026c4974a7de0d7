/**
 * What stays on the page once a contact form or /kom-igang is sent (issue 51): the spec's toast
 * leaves after seconds and empties the form, so the page keeps what was sent and what comes next.
 */
export const sentNoteCopy = {
  contactHeading: "Ditt meddelande är skickat",
  getStartedHeading: "Din förfrågan är skickad",
  /** Kept in the browser's outbox: sent once the inbox answers (decision 016). */
  queuedHeading: "Ditt meddelande är sparat och skickas strax",
  queued: "Det ligger kvar i din webbläsare och skickas automatiskt så snart vi når fram.",
  meeting: (when: string) => `Ditt kostnadsfria möte: ${when}.`,
  meetingMail: (email: string) => `Bekräftelsen med kalenderinbjudan skickas till ${email}.`,
  /** A time held for the sales team's approval (decision 062). */
  meetingPending: (when: string) => `Tiden ${when} är reserverad åt dig.`,
  meetingPendingMail: (email: string) =>
    `Vi går igenom nya bokningar innan vi bekräftar dem och skickar bekräftelsen med kalenderinbjudan till ${email} så snart mötet är godkänt.`,
  contactNext: (email: string) => `Vi läser ditt meddelande och svarar till ${email} inom kort.`,
  getStartedNext: (email: string) => `Vi går igenom din förfrågan och hör av oss till ${email} inom en arbetsdag.`,
  sentLabel: "Det här skickade du",
  again: "Skriv ett nytt meddelande",
} as const;
