import { metaFor } from "~/lib/meta";
import { GetStartedForm } from "~/features/contact/get-started-form";

export const meta = () => metaFor("/kom-igang");

export default function KomIgang() {
  return <GetStartedForm />;
}
