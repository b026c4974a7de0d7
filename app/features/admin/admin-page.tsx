import { useCallback, useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { adminCopy as copy } from "~/content/admin";
import { adminApi, type AdminResult } from "./admin-api";
import { InboxView } from "./inbox-view";
import { InsightsView } from "./insights-view";
import { LoginForm } from "./login-form";
import "./admin.css";

type Tab = "inbox" | "insights";

/** The operator's page: the login form, or the inbox and what visitors ask, behind a session. */
export function AdminPage() {
  const [phase, setPhase] = useState<"checking" | "login" | "in">("checking");
  const [notice, setNotice] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>("inbox");

  useEffect(() => {
    void adminApi.session().then((r) => setPhase(r.ok ? "in" : "login"));
  }, []);

  /** What every view does with a failed call: a lost session sends the operator to the login. */
  const onFailure = useCallback((result: Extract<AdminResult<unknown>, { ok: false }>) => {
    if (result.error === "no-session") {
      setNotice(copy.sessionEnded);
      setPhase("login");
    }
  }, []);

  async function logout() {
    await adminApi.logout();
    setNotice(copy.loggedOut);
    setPhase("login");
  }

  if (phase === "checking") return <p className="adm-wrap">{copy.loading}</p>;
  if (phase === "login") {
    return (
      <LoginForm
        notice={notice}
        onLoggedIn={() => {
          setNotice(null);
          setPhase("in");
        }}
      />
    );
  }
  return (
    <div className="adm-wrap">
      <div className="adm-bar">
        <h1 className="adm-h1">{copy.title}</h1>
        <nav aria-label={copy.tabs.label} className="adm-tabs">
          {(["inbox", "insights"] as const).map((t) => (
            <button
              key={t}
              type="button"
              className="adm-tab"
              aria-current={tab === t ? "page" : undefined}
              onClick={() => setTab(t)}
            >
              {copy.tabs[t]}
            </button>
          ))}
        </nav>
        <Button variant="ghost" size="sm" onClick={() => void logout()}>
          {copy.logout}
        </Button>
      </div>
      {tab === "inbox" ? <InboxView onFailure={onFailure} /> : <InsightsView onFailure={onFailure} />}
    </div>
  );
}
