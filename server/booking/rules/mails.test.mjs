import { describe, expect, it } from "vitest";
import { bookingForms as forms } from "../../testing/booking-forms.mjs";
import { surgeMail } from "./mails.mjs";

const surge = {
  count: 4,
  since: "2026-12-03T09:00:00.000Z",
  at: "2026-12-03T09:12:30.000Z",
  held: true,
  minutes: 60,
  limit: 4,
};

describe("the sales team's mail of a surge", () => {
  it("names how many bookings in how long, the limit, and where to decide them", () => {
    const mail = surgeMail(surge, { copy: forms.booking });
    expect(mail.subject).toBe("Ovanligt många bokningar: 4 på 13 minuter");
    expect(mail.text).toContain("4 bokningar av det kostnadsfria mötet på 13 minuter (larmgränsen är 4 på 60 minuter)");
    expect(mail.text).toContain("Nya bokningar väntar nu på ert godkännande");
    expect(mail.text).toContain(`Möten: ${forms.booking.siteUrl}/admin/moten\n`);
    expect(mail.text).toContain("högst ett sådant meddelande per 60 minuter");
  });

  it("says a minute for bookings at once, and how to hold them when approval is off", () => {
    const mail = surgeMail({ ...surge, at: surge.since, held: false }, { copy: forms.booking });
    expect(mail.subject).toBe("Ovanligt många bokningar: 4 på 1 minut");
    expect(mail.text).toContain("Bokningarna bekräftas direkt");
    expect(mail.text).not.toContain("väntar nu");
  });
});
