// Emma's one set of tools as the models see them, for the chat and for Vapi (decision 070).

const string = (description) => ({ type: "string", description });

/** Every tool and its channels, from callAssistantCopy, bookingCopy.voice and emmaToolsCopy. @param {{ call: any, booking?: any, chat?: any }} copy
 * @returns {{ name: string, description: string, chatDescription?: string, parameters: object, chatParameters?: object, channels: ("chat" | "voice")[] }[]} */
export function toolDefinitions({ call, booking, chat }) {
  const contactFields = call.contact.fields;
  const tools = [
    {
      name: call.search.name,
      description: call.search.description,
      parameters: {
        type: "object",
        properties: { [call.search.question.name]: string(call.search.question.description) },
        required: [call.search.question.name],
      },
      channels: ["chat", "voice"],
    },
    {
      name: call.contact.name,
      description: call.contact.description,
      ...(chat ? { chatDescription: chat.descriptions.contact } : {}),
      parameters: {
        type: "object",
        properties: Object.fromEntries(Object.values(contactFields).map((f) => [f.name, string(f.description)])),
        required: [contactFields.name.name],
      },
      channels: ["chat", "voice"],
    },
  ];
  if (booking) {
    const fields = booking.book.fields;
    const bookArgs = Object.fromEntries(
      Object.entries(fields).map(([k, f]) => [
        f.name,
        k === "confirmed" ? { type: "boolean", description: f.description } : string(f.description),
      ]),
    );
    const timesArgs = (more) => ({
      type: "object",
      properties: { [booking.times.after.name]: string(booking.times.after.description), ...more },
      required: [],
    });
    const chatArgs = chat
      ? {
          [chat.wish.name]: string(chat.wish.description),
          [chat.kind.name]: { type: "boolean", description: chat.kind.description },
        }
      : {};
    tools.push(
      {
        name: booking.times.name,
        description: booking.times.description,
        ...(chat ? { chatDescription: chat.descriptions.times } : {}),
        parameters: timesArgs({}),
        ...(chat ? { chatParameters: timesArgs(chatArgs) } : {}),
        channels: ["chat", "voice"],
      },
      {
        name: booking.book.name,
        description: booking.book.description,
        ...(chat ? { chatDescription: chat.descriptions.book } : {}),
        parameters: {
          type: "object",
          properties: bookArgs,
          required: [fields.start.name, fields.name.name, fields.email.name, fields.confirmed.name],
        },
        // The visitor confirms in the chat's own form: the model needs only the time.
        ...(chat ? { chatParameters: { type: "object", properties: bookArgs, required: [fields.start.name] } } : {}),
        channels: ["chat", "voice"],
      },
    );
  }
  if (chat) {
    tools.push({
      name: chat.handoff.name,
      description: chat.handoff.description,
      parameters: { type: "object", properties: {}, required: [] },
      channels: ["chat"],
    });
  }
  return tools;
}

/** OpenAI's function-calling shape of one channel's tools. @param {ReturnType<typeof toolDefinitions>} tools @param {"chat" | "voice"} channel */
export function functionTools(tools, channel) {
  return tools
    .filter((t) => t.channels.includes(channel))
    .map((t) => ({
      type: "function",
      function: {
        name: t.name,
        description: channel === "chat" ? (t.chatDescription ?? t.description) : t.description,
        parameters: (channel === "chat" && t.chatParameters) || t.parameters,
      },
    }));
}
