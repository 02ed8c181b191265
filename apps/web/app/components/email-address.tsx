/**
 * An e-mail address that may wrap on a narrow screen only where a reader expects it: after the
 * "@" and after each dot, never inside a word ("support@hourline.exam ple").
 */
import { Fragment } from "react";

export function EmailAddress({ address }: { address: string }) {
  const [local, domain = ""] = address.split("@");
  const labels = domain.split(".");
  return (
    <>
      {local}@<wbr />
      {labels.map((label, i) => (
        <Fragment key={i}>
          {i > 0 ? (
            <>
              .<wbr />
            </>
          ) : null}
          {label}
        </Fragment>
      ))}
    </>
  );
}
