import { metaFor } from "~/lib/meta";
import { cookiePolicy } from "~/content/legal";
import { LegalPage } from "~/features/legal/legal-page";

export const meta = () => metaFor("/cookie-policy");

export default function Page() {
  return <LegalPage text={cookiePolicy} />;
}
