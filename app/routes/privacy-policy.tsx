import { metaFor } from "~/lib/meta";
import { privacyPolicy } from "~/content/legal";
import { LegalPage } from "~/features/legal/legal-page";

export const meta = () => metaFor("/privacy-policy");

export default function Page() {
  return <LegalPage text={privacyPolicy} />;
}
