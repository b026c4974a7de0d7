import { Fragment } from "react";
import { formatMessage, type Inline } from "./format-message";

function Inlines({ items }: { items: Inline[] }) {
  return (
    <>
      {items.map((i, n) =>
        i.type === "text" ? (
          <Fragment key={n}>{i.text}</Fragment>
        ) : i.type === "bold" ? (
          <strong key={n}>{i.text}</strong>
        ) : (
          <a
            key={n}
            href={i.href}
            className="underline underline-offset-2"
            {...(i.href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
          >
            {i.text}
          </a>
        ),
      )}
    </>
  );
}

/** A message's text as safe React elements: never HTML from the model or the visitor. */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {formatMessage(text).map((b, n) =>
        b.type === "p" ? (
          <p key={n} className="whitespace-pre-wrap [&:not(:first-child)]:mt-2">
            <Inlines items={b.inlines} />
          </p>
        ) : (
          <Fragment key={n}>
            {b.type === "ul" ? (
              <ul className="mt-2 list-disc pl-5">
                {b.items.map((item, k) => (
                  <li key={k}>
                    <Inlines items={item} />
                  </li>
                ))}
              </ul>
            ) : (
              <ol className="mt-2 list-decimal pl-5">
                {b.items.map((item, k) => (
                  <li key={k}>
                    <Inlines items={item} />
                  </li>
                ))}
              </ol>
            )}
          </Fragment>
        ),
      )}
    </>
  );
}
