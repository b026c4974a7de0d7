import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { adminCopy as copy } from "~/content/admin";
import { adminApi } from "./admin-api";

export function LoginForm({ notice, onLoggedIn }: { notice: string | null; onLoggedIn: () => void }) {
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const result = await adminApi.login(password);
    setBusy(false);
    if (result.ok) return onLoggedIn();
    setPassword("");
    if (result.error === "wrong-password") setError(copy.login.wrong);
    else if (result.error === "locked") setError(copy.login.locked(Math.ceil((result.retryAfter ?? 900) / 60)));
    else setError(copy.login.failed);
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
      <form onSubmit={(e) => void onSubmit(e)} className="adm-stack">
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
