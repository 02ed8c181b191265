/** Something that went wrong, in words the agent can act on, announced at once (role="alert"). */
import { CircleAlert } from "lucide-react";

export function ProblemMessage({
  text,
  className = "mt-3",
}: {
  text: string | null;
  /** Spacing where it sits. */
  className?: string;
}) {
  if (!text) return null;
  return (
    <p role="alert" className={`flex gap-2 text-sm font-semibold text-danger ${className}`}>
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}
