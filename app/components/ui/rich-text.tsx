import { Fragment } from "react";
import { formatMessage, type Inline, type LinkPolicy } from "~/lib/rich-text";

/** Each element's class: the chat's and /admin's looks differ, their structure does not. */
export interface RichTextClasses {
  p: string;
  ul: string;
  ol: string;
  a: string;
}

function Inlines({ items, linkClass }: { items: Inline[]; linkClass: string }) {
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
            className={linkClass}
            {...(i.href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
          >
            {i.text}
          </a>
        ),
      )}
    </>
  );
}

/** What Emma showed, as safe React elements (never HTML), with the reader's link policy. */
export function RichText({ text, links, classes }: { text: string; links: LinkPolicy; classes: RichTextClasses }) {
  return (
    <>
      {formatMessage(text, links).map((b, n) => {
        if (b.type === "p")
          return (
            <p key={n} className={classes.p}>
              <Inlines items={b.inlines} linkClass={classes.a} />
            </p>
          );
        const List = b.type;
        return (
          <List key={n} className={classes[b.type]}>
            {b.items.map((item, k) => (
              <li key={k}>
                <Inlines items={item} linkClass={classes.a} />
              </li>
            ))}
          </List>
        );
      })}
    </>
  );
}
