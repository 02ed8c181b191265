import type { FeatureTag } from "~/site";

export function FeatureTagBadge({ tag }: { tag: FeatureTag }) {
  const tone =
    tag === "Hot"
      ? "bg-accent-soft text-[#7c2d12] dark:text-accent"
      : "bg-teal-soft text-[#115e59] dark:text-teal";
  return (
    <span className={`rounded-full px-2 py-0.5 text-[0.6875rem] font-bold uppercase ${tone}`}>
      {tag}
    </span>
  );
}
