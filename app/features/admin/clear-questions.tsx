import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { adminCopy as copy } from "~/content/admin";
import { adminApi, type OnFailure } from "./admin-api";

/** "Rensa frågorna", asked again before the kept questions are deleted; then the view reloads. */
export function ClearQuestions({
  hasQuestions,
  onCleared,
  onFailure,
}: {
  hasQuestions: boolean;
  onCleared: () => void;
  onFailure: OnFailure;
}) {
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState("");
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  async function clear() {
    const result = await adminApi.clearQuestions();
    setConfirming(false);
    if (!result.ok) {
      setStatus(copy.message.failed);
      return onFailure(result);
    }
    setStatus(copy.insights.cleared(result.data.cleared));
    onCleared();
  }

  return (
    <div className="adm-stack">
      <p role="status" className="adm-note">
        {status}
      </p>
      {confirming ? (
        <div className="adm-alert adm-stack">
          <p id="adm-clear-questions">{copy.insights.clearConfirm}</p>
          <div className="adm-actions">
            <Button ref={confirmButton} size="sm" aria-describedby="adm-clear-questions" onClick={() => void clear()}>
              {copy.insights.clearSubmit}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {copy.message.cancel}
            </Button>
          </div>
        </div>
      ) : hasQuestions ? (
        <div>
          <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
            {copy.insights.clear}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
