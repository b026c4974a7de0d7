// What the site keeps of the questions Emma could not answer: the server's limits and the
// privacy policy's words come from here, so they cannot say different things.

/** Days a question Emma could not answer is kept, then deleted. */
export const QUESTION_RETENTION_DAYS = 90;
/** Days of daily counts the operator's page shows. */
export const INSIGHT_DAYS = 30;
