import { SignedInConsole } from "~/features/console/components/signed-in-console";

export default function ConsoleSignedInLayout() {
  return <SignedInConsole />;
}
