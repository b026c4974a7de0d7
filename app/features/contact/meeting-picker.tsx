import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { TimeSlots, type TimeSlot } from "~/components/ui/time-slots";
import { toast } from "~/components/ui/toast";
import { emailSettings } from "~/config/email";
import { bookingCopy } from "~/content/booking";
import { contactMessages } from "~/content/email-messages";
import { confirmBooking, fetchSlots, holdSlot } from "~/lib/booking/booking-api";

const copy = bookingCopy.getStarted;
const SHOWN = 6;

export interface HeldTime {
  holdId: string;
  label: string;
}

/**
 * Books the held time with the request's params: its label, whether its confirmation is mailed
 * and whether it waits for the team's approval, or null when it could not (then the request is
 * sent as before).
 */
export async function bookHeld(
  held: HeldTime,
  params: Record<string, string>,
): Promise<{ label: string; mailed: boolean; pending: boolean } | null> {
  const booked = await confirmBooking(held.holdId, emailSettings.templates["get-started"], params);
  if (!booked.ok) {
    toast(copy.notBooked, { id: "not-booked" });
    return null;
  }
  const description = booked.pending
    ? copy.pending(booked.label)
    : booked.mailed
      ? copy.confirmed(booked.label)
      : copy.confirmedNoMail(booked.label);
  toast.success(contactMessages.getStartedSuccess.title, { description });
  return { label: booked.label, mailed: Boolean(booked.mailed), pending: booked.pending };
}

/**
 * /kom-igang's optional choice of a time (loaded when the visitor asks for it): the free times,
 * "Fler tider", a chosen one held for the form's submit, or none ("hör av er i stället").
 */
export default function MeetingPicker({ onHold }: { onHold: (held: HeldTime | null) => void }) {
  const [slots, setSlots] = useState<TimeSlot[] | null>(null);
  const [more, setMore] = useState(false);
  const [chosen, setChosen] = useState<string | undefined>();
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState("");
  const group = useRef<HTMLDivElement>(null);

  function show(times: Awaited<ReturnType<typeof fetchSlots>>) {
    setBusy(false);
    if (!times.ok) return setNotice(copy.failed);
    setSlots(times.slots);
    setMore(times.more);
    if (!times.slots.length) setNotice(copy.none);
  }

  function load(after?: string) {
    setBusy(true);
    void fetchSlots({ after, limit: SHOWN }).then(show);
  }

  useEffect(() => {
    void fetchSlots({ limit: SHOWN }).then(show);
  }, []);

  // The times replace the button that asked for them: the focus goes to the first.
  useEffect(() => {
    if (slots?.length && !chosen) group.current?.querySelector("button")?.focus();
  }, [slots, chosen]);

  async function choose(slot: TimeSlot) {
    setBusy(true);
    const held = await holdSlot(slot.start, "video", "kom-igang");
    setBusy(false);
    if (held.ok) {
      setChosen(slot.start);
      setNotice(copy.chosen(held.label));
      onHold({ holdId: held.holdId, label: held.label });
      return;
    }
    setNotice(held.reason === "taken" ? copy.taken : copy.failed);
    if (held.reason === "taken") load();
  }

  function clear() {
    setChosen(undefined);
    setNotice("");
    onHold(null);
  }

  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="min-h-6 text-ink-800">
        {notice}
      </p>
      {slots?.length ? (
        <div ref={group}>
          <TimeSlots
            slots={slots}
            label={bookingCopy.chat.timesLabel}
            chosen={chosen ?? ""}
            onChoose={(s) => void choose(s)}
            moreLabel={bookingCopy.chat.more}
            onMore={more ? () => load(slots.at(-1)?.start) : undefined}
            disabled={busy}
          />
        </div>
      ) : null}
      {chosen ? (
        <div>
          <Button variant="ghost" size="sm" onClick={clear}>
            {copy.clear}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
