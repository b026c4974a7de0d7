import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { adminCopy as copy } from "~/content/admin";
import { adminApi } from "./admin-api";

/** Each salesperson logs in with their e-mail and password; the first account with the password alone. */
export function LoginForm({ notice, onLoggedIn }: { notice: string | null; onLoggedIn: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [unavailable, setUnavailable] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const result = await adminApi.login(email.trim(), password);
    setBusy(false);
    if (result.ok) return onLoggedIn();
    setPassword("");
    setUnavailable(result.error === "unavailable");
    if (result.error === "wrong-password") setError(copy.login.wrong);
    else if (result.error === "locked") setError(copy.login.locked(Math.ceil((result.retryAfter ?? 900) / 60)));
    else if (result.error !== "unavailable") setError(copy.login.failed);
  }

  return (
    <div className="adm-wrap adm-narrow">
      <h1 className="adm-h1">{copy.login.heading}</h1>
      <p>{copy.login.intro}</p>
      {notice ? (
        <p role="status" className="adm-note">
          {notice}
        </p>
      ) : null}
      {unavailable ? (
        <p role="alert" className="adm-alert">
          {copy.unavailable}
        </p>
      ) : null}
      <form onSubmit={(e) => void onSubmit(e)} className="adm-stack adm-form">
        <InputField
          label={copy.login.email}
          type="email"
          name="email"
          autoComplete="username"
          hint={copy.login.emailHint}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <InputField
          label={copy.login.password}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={error}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? copy.login.busy : copy.login.submit}
        </Button>
      </form>
    </div>
  );
}
