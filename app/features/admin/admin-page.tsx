import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { adminCopy as copy } from "~/content/admin";
import { adminApi, type OnFailure, type Person, type Session } from "./admin-api";
import { ADMIN_ROOT, placeOf } from "./admin-paths";
import { adminViews } from "./admin-views";
import { LoginForm } from "./login-form";
import { MessageView } from "./message-view";
import { useLive } from "./use-live";
import { useTalkAlerts } from "./talk-alerts";
import { adminConversationsCopy } from "~/content/admin-conversations";
import { WelcomeView } from "./welcome-view";
import "./admin.css";

/** The operator's page: the login, or the team's views behind a session, each at its own URL. */
export function AdminPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [session, setSession] = useState<Session | null | "none">(null);
  const [notice, setNotice] = useState<string | null>(null);
  const place = placeOf(location.pathname, adminViews);

  const check = useCallback(() => {
    void adminApi.session().then((r) => setSession(r.ok ? r.data : "none"));
  }, []);
  useEffect(check, [check]);

  /** What every view does with a failed call: a lost session sends the salesperson to the login. */
  const onFailure = useCallback<OnFailure>((result) => {
    if (result.error === "no-session") {
      setNotice(copy.sessionEnded);
      setSession("none");
    }
  }, []);

  if (place.view === "welcome") {
    return (
      <WelcomeView
        onDone={() => {
          navigate(ADMIN_ROOT, { replace: true });
          check();
        }}
      />
    );
  }
  if (session === null) return <p className="adm-wrap">{copy.loading}</p>;
  if (session === "none") {
    return (
      <LoginForm
        notice={notice}
        onLoggedIn={() => {
          setNotice(null);
          check();
        }}
      />
    );
  }
  return (
    <Shell
      session={session}
      onFailure={onFailure}
      place={place}
      onLoggedOut={() => {
        setNotice(copy.loggedOut);
        setSession("none");
      }}
    />
  );
}

function Shell({
  session,
  onFailure,
  place,
  onLoggedOut,
}: {
  session: Session;
  onFailure: OnFailure;
  place: ReturnType<typeof placeOf>;
  onLoggedOut: () => void;
}) {
  const [team, setTeam] = useState<Person[]>([]);

  useEffect(() => {
    void adminApi.team().then((r) => r.ok && setTeam(r.data.people));
  }, []);

  // The count of new messages in the tab's title, asked again on each event (decision 072).
  const alive = useRef(true);
  const poll = useCallback(
    () =>
      adminApi.updates().then((r) => {
        if (!alive.current) return null;
        if (!r.ok) {
          onFailure(r);
          return null;
        }
        document.title = r.data.newCount > 0 ? copy.titleWithNew(r.data.newCount) : copy.title;
        return r.data.latest;
      }),
    [onFailure],
  );
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      document.title = copy.title;
    };
  }, []);
  const live = useLive(poll);
  const online = team.filter((p) => live.online.includes(p.id)).map((p) => p.name);
  const waiting = useTalkAlerts(live.talk.revision);

  async function logout() {
    await adminApi.logout();
    onLoggedOut();
  }

  const view = adminViews.find((v) => v.id === place.view);
  const props = { session, onFailure, team, latest: String(live.revision), changed: live.changed, talk: live.talk };
  return (
    <div className="adm-wrap">
      <header className="adm-bar">
        <h1 className="adm-h1">{copy.title}</h1>
        <nav aria-label={copy.nav.label} className="adm-tabs">
          {adminViews.map((v) => (
            <Link
              key={v.id}
              to={v.path}
              className="adm-tab"
              aria-current={place.view === v.id || (v.id === "inbox" && place.view === "message") ? "page" : undefined}
            >
              {v.id === "talk" && waiting > 0 ? adminConversationsCopy.navWithWaiting(waiting) : v.label}
            </Link>
          ))}
        </nav>
        <div className="adm-actions">
          <span className="adm-muted">{copy.signedInAs(session.me.name)}</span>
          {online.length > 0 ? <span className="adm-muted adm-online">{copy.live.online(online)}</span> : null}
          {live.connected === false ? <span className="adm-muted">{copy.live.offline}</span> : null}
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            {copy.logout}
          </Button>
        </div>
      </header>
      {"id" in place ? (
        <MessageView key={place.id} id={place.id} {...props} />
      ) : view ? (
        <view.Component {...props} />
      ) : null}
    </div>
  );
}
