import { metaFor } from "~/lib/meta";
import { termsOfService } from "~/content/legal";
import { LegalPage } from "~/features/legal/legal-page";

export const meta = () => metaFor("/terms-of-service");

export default function Page() {
  return <LegalPage text={termsOfService} />;
}
