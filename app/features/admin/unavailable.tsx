import { Button } from "~/components/ui/button";
import { adminCopy as copy } from "~/content/admin";

/** The clear Swedish message when the database cannot be reached, with a way to try again. */
export function Unavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="adm-alert">
      <p>{copy.unavailable}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {copy.retry}
      </Button>
    </div>
  );
}
