import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { envNumber } from "../../lib/env-number.mjs";
import { countersOf, lastDays, summarize } from "../../lib/insights-summary.mjs";

/** Groups of unanswered questions the operator's page lists at most. */
export const MAX_GROUPS = 200;
/** Questions kept at most (INSIGHTS_MAX_QUESTIONS); past it the oldest go (decision 035). */
export const DEFAULT_MAX_QUESTIONS = 5000;
/** The tables of what visitors ask: bounded on their own, never counted against INBOX_MAX_BYTES. */
export const INSIGHTS_TABLES = ["unanswered_questions", "visitor_counts"];

export const maxQuestionsFromEnv = (env = process.env) =>
  envNumber(env, "INSIGHTS_MAX_QUESTIONS", DEFAULT_MAX_QUESTIONS);

/** createMemoryInsights's methods on migration 003's tables; a lost database fails as the store's own calls do.
 * @param {ReturnType<typeof import("./index.mjs").openStore>} store @param {{ maxQuestions?: number }} [options] */
export function createStoreInsights(store, { maxQuestions = DEFAULT_MAX_QUESTIONS } = {}) {
  const db = async () => {
    await store.ready();
    return /** @type {import("kysely").Kysely<any>} */ (store.db);
  };
  return {
    /** @param {{ event: string, page: string, outcome?: string, source?: string, question?: string, key?: string, day: string, at: Date }} report */
    async record(report) {
      const conn = await db();
      await conn.transaction().execute(async (trx) => {
        for (const counter of countersOf(report)) {
          await trx
            .insertInto("visitor_counts")
            .values({ day: report.day, page: report.page, counter, n: 1 })
            .onConflict((oc) => oc.columns(["day", "page", "counter"]).doUpdateSet({ n: sql`visitor_counts.n + 1` }))
            .execute();
        }
        if (report.question && report.key) {
          await trx
            .insertInto("unanswered_questions")
            .values({
              id: randomUUID(),
              group_key: report.key,
              text: report.question,
              source: report.source ?? "chat",
              asked_at: report.at.toISOString(),
            })
            .execute();
          const counted = await trx
            .selectFrom("unanswered_questions")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirst();
          const over = Number(counted?.n ?? 0) - maxQuestions;
          if (over > 0) {
            const oldest = trx
              .selectFrom("unanswered_questions")
              .select("id")
              .orderBy("asked_at")
              .orderBy("id")
              .limit(over);
            await trx.deleteFrom("unanswered_questions").where("id", "in", oldest).execute();
          }
        }
      });
    },

    /** Deletes every kept question (the operator's page); the daily counts stay. Returns how many. */
    async clearQuestions() {
      const conn = await db();
      const result = await conn.deleteFrom("unanswered_questions").executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** @param {{ today: string, days: number }} options */
    async summary({ today, days }) {
      const conn = await db();
      const range = lastDays(today, days);
      const rows = await conn
        .selectFrom("visitor_counts")
        .select(["day", "page", "counter", "n"])
        .where("day", ">=", range[0])
        .execute();
      const since = new Date(Date.parse(`${range[0]}T00:00:00Z`) - 86_400_000).toISOString();
      const groups = await conn
        .selectFrom("unanswered_questions")
        .select((eb) => ["group_key", eb.fn.countAll().as("n"), eb.fn.max("asked_at").as("last")])
        .where("asked_at", ">=", since)
        .groupBy("group_key")
        .orderBy("n", "desc")
        .orderBy("last", "desc")
        .limit(MAX_GROUPS)
        .execute();
      const keys = groups.map((g) => g.group_key);
      const asked =
        keys.length === 0
          ? []
          : await conn
              .selectFrom("unanswered_questions")
              .select(["group_key", "text", "source", "asked_at"])
              .where("group_key", "in", keys)
              .where("asked_at", ">=", since)
              .orderBy("asked_at", "desc")
              .execute();
      const unanswered = groups.map((g) => {
        const mine = asked.filter((q) => q.group_key === g.group_key);
        return {
          key: g.group_key,
          text: mine[0]?.text ?? "",
          count: Number(g.n),
          lastAsked: new Date(String(g.last)).toISOString(),
          sources: [...new Set(mine.map((q) => q.source))].sort(),
        };
      });
      return { ...summarize(rows, range), unanswered };
    },

    /** Deletes the questions asked before `date`, and counts of days before it; returns how many questions. */
    async deleteOlderThan(date) {
      const conn = await db();
      await conn.deleteFrom("visitor_counts").where("day", "<", date.toISOString().slice(0, 10)).execute();
      const result = await conn
        .deleteFrom("unanswered_questions")
        .where("asked_at", "<", date.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
