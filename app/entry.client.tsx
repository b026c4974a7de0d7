import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateInTurns } from "~/components/ui/hydrate-in-turn";
import { joinAdjacentText } from "~/lib/joined-text";
import { nextTask } from "~/lib/next-task";
import { createRouterAhead, decodeRouterState, markHistoryEntry } from "~/lib/router-probe";
import { openStorage } from "~/lib/safe-storage";

// The same text nodes as the prerendered HTML (app/lib/joined-text.ts).
joinAdjacentText();

/** Decode, create the router, hydrate: each in a task of its own (app/lib/router-probe.tsx). */
async function hydrate(): Promise<void> {
  await decodeRouterState();
  await nextTask();
  // React Router reads sessionStorage while it creates the router (view transitions to restore).
  openStorage("session");
  await nextTask();
  markHistoryEntry();
  await nextTask();
  createRouterAhead();
  await nextTask();
  hydrateInTurns(() =>
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    ),
  );
}

void hydrate();
