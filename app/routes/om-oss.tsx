import { metaFor } from "~/config/page-meta";
import { AboutPage } from "~/features/landing/about-page";

export const meta = () => metaFor("/om-oss");

export default function OmOss() {
  return <AboutPage />;
}
