import { useEffect, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { adminCopy as copy } from "~/content/admin";
import { adminApi } from "./admin-api";

/** The one-time link of `npm run admin:user`: the token is in the fragment, never sent in a URL. */
export function WelcomeView({ onDone }: { onDone: () => void }) {
  const [token] = useState(() => (typeof window === "undefined" ? "" : window.location.hash.slice(1)));
  const [person, setPerson] = useState<{ name: string } | null | "expired">(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void adminApi.checkLink(token).then((r) => setPerson(r.ok ? r.data : "expired"));
  }, [token]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if ([...password].length < 12) return setError(copy.welcome.tooShort);
    setBusy(true);
    const result = await adminApi.setup(token, password);
    setBusy(false);
    if (result.ok) {
      history.replaceState(null, "", window.location.pathname);
      return onDone();
    }
    setError(result.error === "link-expired" ? copy.welcome.expired : copy.message.failed);
  }

  return (
    <div className="adm-wrap adm-narrow">
      <h1 className="adm-h1">{copy.welcome.heading}</h1>
      {person === null ? <p>{copy.loading}</p> : null}
      {person === "expired" ? <p role="alert">{copy.welcome.expired}</p> : null}
      {person && person !== "expired" ? (
        <form onSubmit={(e) => void onSubmit(e)} className="adm-stack adm-form">
          <p>{copy.welcome.intro(person.name)}</p>
          <InputField
            label={copy.welcome.password}
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            minLength={12}
            value={password}
            error={error}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" disabled={busy}>
            {copy.welcome.submit}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
