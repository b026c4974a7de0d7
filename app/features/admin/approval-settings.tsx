import { useEffect, useId, useState, type FormEvent } from "react";
import { adminMeetingsCopy } from "~/content/admin-meetings";
import { formatTime } from "./format";
import { meetingsApi, type Approval, type ApprovalMode } from "./meetings-api";
import type { AdminViewProps } from "./view-props";

const copy = adminMeetingsCopy.approval;
const MODES: ApprovalMode[] = ["off", "surge", "on"];

/** The team's choice of whether new bookings wait for approval, and how many came lately. */
export function ApprovalSettings({ onFailure, latest }: Pick<AdminViewProps, "onFailure" | "latest">) {
  const [approval, setApproval] = useState<Approval | null>(null);
  const [mode, setMode] = useState<ApprovalMode>("surge");
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  useEffect(() => {
    let live = true;
    void meetingsApi.approval().then((result) => {
      if (!live) return;
      if (!result.ok) return onFailure(result);
      setApproval(result.data);
      setMode(result.data.mode);
    });
    return () => {
      live = false;
    };
  }, [latest, onFailure]);

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const result = await meetingsApi.setApproval(mode);
    setBusy(false);
    if (!result.ok) {
      setStatus(adminMeetingsCopy.failed);
      return onFailure(result);
    }
    setApproval(result.data);
    setStatus(copy.saved);
  }

  if (!approval) return null;
  const { surge } = approval;
  return (
    <section aria-labelledby={headingId} className="adm-box adm-stack">
      <h3 id={headingId} className="adm-h3">
        {copy.heading}
      </h3>
      <p className="adm-muted">{copy.intro}</p>
      <p>
        {copy.recent(surge.count, surge.minutes)} {approval.holding ? copy.holding : copy.open}
      </p>
      <form className="adm-form" onSubmit={(e) => void save(e)}>
        <fieldset className="adm-stack">
          <legend className="adm-label">{copy.legend}</legend>
          {MODES.map((m) => (
            <label key={m}>
              <input
                type="radio"
                name="approval"
                value={m}
                checked={mode === m}
                onChange={() => {
                  setMode(m);
                  setStatus("");
                }}
              />{" "}
              {copy.modes[m]}
              {m === "surge" ? (
                <span className="adm-muted"> ({copy.surgeHint(surge.limit, surge.minutes)})</span>
              ) : null}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="adm-control" disabled={busy}>
          {copy.save}
        </button>
      </form>
      <p role="status" className="adm-note">
        {status}
      </p>
      {approval.changedBy && approval.changedAt ? (
        <p className="adm-muted">{copy.changed(approval.changedBy, formatTime(approval.changedAt))}</p>
      ) : null}
    </section>
  );
}
