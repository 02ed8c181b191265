import { SignInPage } from "~/features/console/components/sign-in-page";

export default function ConsoleSignIn() {
  return <SignInPage />;
}
