import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { adminCopy as copy } from "~/content/admin";
import { adminApi } from "./admin-api";
import type { AdminViewProps } from "./view-props";

/** A salesperson's own account: a new password ends their other sessions. */
export function AccountView({ session, onFailure }: AdminViewProps) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const result = await adminApi.changePassword(current, next);
    setCurrent("");
    setNext("");
    if (result.ok) {
      setError(undefined);
      return setStatus(copy.account.changed);
    }
    if (result.error === "wrong-password") return setError(copy.account.wrong);
    if (result.error === "password-too-short") return setError(copy.welcome.tooShort);
    setError(copy.message.failed);
    onFailure(result);
  }

  return (
    <section aria-labelledby="adm-account-heading" className="adm-stack adm-narrow">
      <h2 id="adm-account-heading" className="adm-h2">
        {copy.account.heading}
      </h2>
      <p>
        {session.me.name}
        {session.me.email ? ` <${session.me.email}>` : ""}
      </p>
      {session.me.id === "admin" ? (
        <p className="adm-muted">{copy.account.firstAccount}</p>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} className="adm-stack adm-form">
          <InputField
            label={copy.account.current}
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <InputField
            label={copy.account.next}
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            value={next}
            error={error}
            onChange={(e) => setNext(e.target.value)}
          />
          <Button type="submit" size="sm">
            {copy.account.submit}
          </Button>
          <p role="status" className="adm-note">
            {status}
          </p>
        </form>
      )}
    </section>
  );
}
