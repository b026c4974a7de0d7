import { chatWords } from "~/content/chat-words";

export interface Turn {
  who: "visitor" | "emma" | "note";
  /** "talat" and the like: how the turn was said, as the transcript names it. */
  how: string | null;
  text: string;
}

const TURN = new RegExp(`^(${chatWords.you}|${chatWords.emma})(?: \\(([^)]*)\\))?: ?(.*)$`);

/**
 * Emma's transcript (app/features/chat/lead.ts) as turns: a line that starts with "Du:" or
 * "Emma:" begins one, the lines after it continue it; a line before any turn is a note.
 */
export function parseConversation(transcript: string): Turn[] {
  const turns: Turn[] = [];
  for (const line of transcript.split(/\r?\n/)) {
    const m = TURN.exec(line);
    if (m) {
      turns.push({ who: m[1] === chatWords.you ? "visitor" : "emma", how: m[2] ?? null, text: m[3] ?? "" });
    } else if (turns.length > 0) {
      turns[turns.length - 1]!.text += `\n${line}`;
    } else if (line.trim()) {
      turns.push({ who: "note", how: null, text: line });
    }
  }
  return turns;
}
