import { useState } from "react";
import type { TimeSlot } from "~/components/ui/time-slots";
import { emailSettings } from "~/config/email";
import { bookingCopy } from "~/content/booking";
import { confirmBooking, fetchSlots, holdSlot, type MeetingKind } from "~/lib/booking/booking-api";
import { conversation } from "~/lib/conversation-store";
import { reportLead } from "~/lib/insights-report";
import type { Lead } from "./lead";
import type { Offer } from "./offered-times";

const copy = bookingCopy.chat;

interface Hold {
  holdId: string;
  start: string;
  label: string;
  kind: MeetingKind;
}

/** Emma's new message of free times (or that there are none), after `after` or the nearest. */
export async function appendTimes(text: string, kind: MeetingKind, query: { after?: string; when?: string } = {}) {
  const times = await fetchSlots(query);
  if (!times.ok) return times;
  conversation.append({
    type: "bot",
    text: times.slots.length ? text : query.after ? copy.noMore : copy.none,
    times: times.slots.map(({ start, label }) => ({ start, label })),
    more: times.more,
    meeting: kind,
  });
  return times;
}

/**
 * The free meeting in the chat (issue 45): a chosen time is held, the lead form's details are
 * collected, a one-line summary with "Boka" books it, and Emma names the day and time.
 */
export function useMeeting({
  showLeadForm,
  hideLeadForm,
  leadParams,
}: {
  showLeadForm: () => void;
  hideLeadForm: () => void;
  leadParams: (lead: Lead) => Record<string, string>;
}) {
  const [hold, setHold] = useState<Hold | null>(null);
  const [details, setDetails] = useState<Lead | null>(null);
  const [summary, setSummary] = useState(false);
  const [busy, setBusy] = useState(false);
  const say = (text: string) => conversation.append({ type: "bot", text });

  /** Holds `slot`; with details (given now, or before), straight to the summary and its "Boka". */
  async function choose(slot: TimeSlot, kind: MeetingKind, given: Lead | null = details) {
    if (busy) return;
    setBusy(true);
    const held = await holdSlot(slot.start, kind, "chat");
    setBusy(false);
    if (held.ok) {
      setHold({ holdId: held.holdId, start: slot.start, label: held.label, kind });
      say(copy.chosen(held.label));
      if (given && (kind !== "phone" || given.phone.trim())) {
        setDetails(given);
        setSummary(true);
        hideLeadForm();
      } else showLeadForm();
      return;
    }
    if (held.reason === "taken" || held.reason === "gone") {
      if ((await appendTimes(copy.taken, kind)).ok) return;
    }
    say(held.reason === "limit" ? copy.limited : copy.failed);
  }

  async function more(after: string, kind: MeetingKind) {
    if (busy) return;
    setBusy(true);
    const shown = await appendTimes(copy.moreLead, kind, { after });
    setBusy(false);
    if (!shown.ok) say(copy.failed);
  }

  /**
   * The lead form's details with the time chosen in it: that time is held and booked through the
   * summary; with no time listed, a time held before (a call back needs a phone); otherwise false,
   * and the lead is sent.
   */
  function submitDetails(lead: Lead, start: string, offer: Offer | null): boolean {
    const slot = offer?.times.find((t) => t.start === start);
    if (offer && slot && start !== hold?.start) {
      void choose(slot, offer.kind, lead);
      return true;
    }
    if ((offer && !start) || !hold) return false;
    if (hold.kind === "phone" && !lead.phone.trim()) {
      say(copy.needsPhone);
      return true;
    }
    setDetails(lead);
    setSummary(true);
    hideLeadForm();
    return true;
  }

  async function book() {
    if (!hold || !details || busy) return;
    setBusy(true);
    const booked = await confirmBooking(hold.holdId, emailSettings.templates.lead, leadParams(details));
    setBusy(false);
    if (booked.ok) {
      reportLead();
      const lines = [booked.pending ? copy.pending(booked.label) : copy.confirmed(booked.label)];
      if (booked.pending) lines.push(booked.mailed ? copy.pendingMail(details.email.trim()) : copy.pendingNoMail);
      else if (booked.mailed) lines.push(copy.confirmedMail(details.email.trim()));
      if (hold.kind === "phone") lines.push(copy.confirmedCall(details.phone.trim()));
      setHold(null);
      setSummary(false);
      setDetails(null);
      conversation.append({ type: "bot", text: lines.join(" "), booked: true });
      return;
    }
    if (booked.reason === "taken" || booked.reason === "gone") {
      setHold(null);
      setSummary(false);
      if ((await appendTimes(copy.taken, hold.kind)).ok) return;
    }
    if (booked.reason === "invalid") {
      setSummary(false);
      showLeadForm();
      return;
    }
    say(booked.reason === "limit" ? copy.limited : copy.failed);
  }

  function change() {
    setSummary(false);
    showLeadForm();
  }

  /** Details sent as a lead while times were on offer: a time chosen next books with them. */
  function remember(lead: Lead) {
    setDetails(lead);
  }

  function reset() {
    setHold(null);
    setDetails(null);
    setSummary(false);
  }

  return {
    hold,
    busy,
    summary:
      summary && hold && details ? { label: hold.label, name: details.name.trim(), email: details.email.trim() } : null,
    choose,
    more,
    submitDetails,
    remember,
    book,
    change,
    reset,
  };
}
