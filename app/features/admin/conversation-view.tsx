import { RichText } from "~/components/ui/rich-text";
import { adminCopy as copy } from "~/content/admin";
import { teamLinks } from "~/lib/rich-text";
import { parseConversation } from "./conversation";

/** What a visitor wrote, as they wrote it: no markup, so a link shows its whole address. */
export function VisitorText({ text }: { text: string }) {
  return <p className="adm-prewrap">{text}</p>;
}

const textClasses = { p: "adm-prewrap", ul: "adm-list", ol: "adm-list adm-ol", a: "adm-link" };

/** Text as Emma showed it, through the chat's renderer with the team's link policy (decision 058). */
export function EmmaText({ text }: { text: string }) {
  return <RichText text={text} links={teamLinks} classes={textClasses} />;
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
                {t.who === "emma" ? <EmmaText text={t.text} /> : <VisitorText text={t.text} />}
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
