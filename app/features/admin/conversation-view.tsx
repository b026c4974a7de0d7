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
          <a key={n} href={i.href} className="adm-link">
            {i.text}
          </a>
        ),
      )}
    </>
  );
}

/** What a visitor wrote, as they wrote it: no markup, so a link shows its whole address. */
export function VisitorText({ text }: { text: string }) {
  return <p className="adm-prewrap">{text}</p>;
}

/** Text as Emma showed it (paragraphs, lists, bold, links to the site's own pages): never HTML. */
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

/** Emma's conversation as turns, each labelled with who wrote it; only hers are formatted. */
export function ConversationView({ transcript }: { transcript: string }) {
  const turns = parseConversation(transcript);
  const speaker = { visitor: copy.message.you, emma: copy.message.emma, note: undefined };
  return (
    <section aria-labelledby="adm-conversation-heading" className="adm-stack adm-full">
      <h3 id="adm-conversation-heading" className="adm-h3">
        {copy.message.conversation}
      </h3>
      <p className="adm-muted">{copy.message.conversationNote}</p>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take the focus to scroll by keyboard */}
      <ol className="adm-conversation" tabIndex={0} aria-label={copy.message.conversation}>
        {turns.map((t, i) => (
          <li key={i} data-who={t.who} aria-label={speaker[t.who]}>
            {t.who === "note" ? (
              <p className="adm-muted">{t.text}</p>
            ) : (
              <>
                <p className="adm-speaker">
                  {speaker[t.who]}
                  {t.how ? ` (${t.how})` : ""}
                </p>
                {t.who === "emma" ? <RichText text={t.text} /> : <VisitorText text={t.text} />}
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
