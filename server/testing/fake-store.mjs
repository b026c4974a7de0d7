// A store with the API of server/adapters/store/ in memory, for the admin routes' tests.

/** @param {any[]} [messages] newest last, as added */
export function createFakeStore(messages = []) {
  const rows = messages.map((m, i) => ({ id: String(i + 1), state: "open", note: "", ...m }));
  const matches = (m, { kind, state, text }) =>
    (!kind || m.kind === kind) &&
    (!state || m.state === state) &&
    (!text || JSON.stringify(m.params).toLowerCase().includes(text.toLowerCase()));
  return {
    rows,
    failing: false,
    check() {
      if (this.failing) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    },
    async addMessage(record) {
      this.check();
      const id = String(rows.length + 1);
      rows.push({ id, state: "open", note: "", ...record });
      return { id, status: "stored" };
    },
    async listMessages({ kind, state, text, limit = 25, offset = 0 } = {}) {
      this.check();
      const found = [...rows].reverse().filter((m) => matches(m, { kind, state, text }));
      return { total: found.length, items: found.slice(offset, offset + limit) };
    },
    async getMessage(id) {
      this.check();
      return rows.find((m) => m.id === id) ?? null;
    },
    async updateMessage(id, change) {
      this.check();
      Object.assign(rows.find((m) => m.id === id) ?? {}, change);
    },
    async exportPerson(email) {
      this.check();
      return rows.filter((m) => m.params.from_email === email);
    },
    async erasePerson(email) {
      this.check();
      const before = rows.length;
      for (let i = rows.length - 1; i >= 0; i--) if (rows[i].params.from_email === email) rows.splice(i, 1);
      return before - rows.length;
    },
  };
}
