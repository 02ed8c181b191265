import { SignInPage } from "~/features/console/components/sign-in-page";
import { signInAction } from "~/features/console/route-data/sign-in";
import type { Route } from "./+types/sign-in";

export const clientAction = ({ request }: Route.ClientActionArgs) => signInAction(request);

export default function ConsoleSignIn() {
  return <SignInPage />;
}
