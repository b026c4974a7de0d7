/**
 * /kom-igang's optional time of the free meeting (issue 45): the words the form shows before its
 * times load. A module of its own, so only /kom-igang's chunk carries them (the times' own texts
 * are in booking.ts, loaded with them).
 */
export const getStartedMeetingCopy = {
  legend: "Boka ett möte direkt (valfritt)",
  hint: "Välj en tid så får du en kalenderinbjudan direkt. Utan vald tid hör vi av oss.",
  show: "Välj en tid för ett kostnadsfritt 15-minutersmöte",
} as const;
