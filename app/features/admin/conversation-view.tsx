import { Fragment } from "react";
import { adminCopy as copy } from "~/content/admin";
import { emmaBlocks, type Inline } from "./emma-text";
import { parseConversation } from "./conversation";

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
            className="adm-link"
            {...(i.href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
          >
            {i.text}
          </a>
        ),
      )}
    </>
  );
}

/** Text as Emma showed it (paragraphs, lists, bold, links): safe elements, never HTML. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {emmaBlocks(text).map((b, n) =>
        b.type === "p" ? (
          <p key={n} className="adm-prewrap">
            <Inlines items={b.inlines} />
          </p>
        ) : b.type === "ul" ? (
          <ul key={n} className="adm-list">
            {b.items.map((item, k) => (
              <li key={k}>
                <Inlines items={item} />
              </li>
            ))}
          </ul>
        ) : (
          <ol key={n} className="adm-list adm-ol">
            {b.items.map((item, k) => (
              <li key={k}>
                <Inlines items={item} />
              </li>
            ))}
          </ol>
        ),
      )}
    </>
  );
}

/** Emma's conversation as turns, the visitor's and hers, as the chat showed them. */
export function ConversationView({ transcript }: { transcript: string }) {
  const turns = parseConversation(transcript);
  return (
    <section aria-labelledby="adm-conversation-heading" className="adm-stack adm-full">
      <h3 id="adm-conversation-heading" className="adm-h3">
        {copy.message.conversation}
      </h3>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take the focus to scroll by keyboard */}
      <ol className="adm-conversation" tabIndex={0} aria-label={copy.message.conversation}>
        {turns.map((t, i) => (
          <li key={i} data-who={t.who}>
            {t.who === "note" ? (
              <p className="adm-muted">{t.text}</p>
            ) : (
              <>
                <p className="adm-speaker">
                  {t.who === "visitor" ? copy.message.you : copy.message.emma}
                  {t.how ? ` (${t.how})` : ""}
                </p>
                <RichText text={t.text} />
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
