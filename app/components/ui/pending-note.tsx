import { contactMessages } from "~/content/email-messages";

/** Says honestly that messages wait in the outbox; announced politely. */
export function PendingNote({ count }: { count: number }) {
  return (
    <p role="status" className="min-h-6 text-sm text-amber-800">
      {count > 0 ? contactMessages.pendingNote(count) : ""}
    </p>
  );
}
