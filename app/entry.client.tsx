import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateInTurns } from "~/components/ui/hydrate-in-turn";
import { nextTask } from "~/lib/next-task";
import { createRouterAhead, decodeRouterState } from "~/lib/router-probe";

/** Decode, create the router, hydrate: each in a task of its own (app/lib/router-probe.tsx). */
async function hydrate(): Promise<void> {
  await decodeRouterState();
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
