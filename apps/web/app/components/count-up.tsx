/**
 * A figure that counts up from 0 the first time it scrolls into view (app/enhance/count-up.ts). The
 * prerendered page, screen readers and visitors who ask for reduced motion get the final value only.
 */
export function CountUp({ value, suffix = "" }: { value: number; suffix?: string }) {
  return (
    <>
      <span aria-hidden="true" data-count-up={value} data-suffix={suffix || undefined}>
        {value}
        {suffix}
      </span>
      <span className="sr-only">
        {value}
        {suffix}
      </span>
    </>
  );
}
