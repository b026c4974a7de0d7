import { metaFor } from "~/lib/meta";
import { AboutPage } from "~/features/landing/about-page";

export const meta = () => metaFor("/om-oss");

export default function OmOss() {
  return <AboutPage />;
}
