import { useCallback, useEffect, useState } from "react";
import { createStepRunner, type Transition } from "./step-runner";

/** A step machine for a component; `start`, `reset` and unmounting cancel the run. `idle` is a constant. */
export function useStepRunner<S>(idle: S) {
  const [state, setState] = useState(idle);
  const [runner] = useState(() => createStepRunner<S>());
  useEffect(() => () => runner.stop(), [runner]);

  const start = useCallback(
    (first: S, transition: Transition<S>, onEnter?: (state: S) => void) =>
      runner.start(first, transition, (s) => {
        setState(s);
        onEnter?.(s);
      }),
    [runner],
  );

  const reset = useCallback(() => {
    runner.stop();
    setState(idle);
  }, [runner, idle]);

  return { state, start, reset };
}
